/* proves: an inline may not take the name of a subroutine */
/* args: -x errtags */
inline int rand = 7;
BEGIN { trace(rand); exit(0); }
