/* proves: an inline initialiser is cooked before its name exists, so it cannot name itself */
/* args: -x errtags */
inline int foo = foo + 3;
BEGIN { exit(0); }
