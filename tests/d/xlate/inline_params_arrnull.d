/* proves: an inline of array type needs a tuple signature (D_DECL_ARRNULL) */
/* args: -x errtags */
inline int a[] = 1;
BEGIN { exit(0); }
