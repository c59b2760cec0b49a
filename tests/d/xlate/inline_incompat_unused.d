/* proves: an inline initialiser is type-checked at the declaration even if never used */
/* args: -x errtags */
inline int i = "str";
BEGIN { exit(0); }
