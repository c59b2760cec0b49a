/* proves: a function parameter with a storage class other than register is D_DECL_PARMCLASS (dt_decl_pop_param) */
/* args: -x errtags */
int g(static int);
BEGIN { exit(0); }
