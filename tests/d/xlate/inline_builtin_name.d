/* proves: an inline may not take the name of a built-in variable */
/* args: -x errtags */
inline int pid = 7;
BEGIN { trace(pid); exit(0); }
