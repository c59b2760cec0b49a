/* proves: the body of a parameterised inline is checked at the declaration with its parameters typed */
/* args: -x errtags */
inline int f[string s] = s * 2;
BEGIN { exit(0); }
