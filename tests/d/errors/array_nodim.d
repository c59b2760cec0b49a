/* proves: an array variable without dimension or signature is D_DECL_ARRNULL */
/* args: -x errtags */
int a[];
BEGIN { exit(0); }
