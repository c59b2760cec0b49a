/* proves: an inline cannot be of scalar array type (D_DECL_ARRNULL) */
/* args: -x errtags */
inline int a[5] = 1;
BEGIN { exit(0); }
