/* proves: a storage class other than register in an array signature is D_DECL_PARMCLASS */
/* args: -x errtags */
int x[static int];
BEGIN { exit(0); }
