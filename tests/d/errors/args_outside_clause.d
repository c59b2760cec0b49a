/* proves: args[] in an inline's value is refused where the inline is declared, as dt_idcook_args refuses it with no probe description (pcb_pdesc NULL), even if the inline is never used */
/* args: -x errtags */
inline int B = args[0];
BEGIN { exit(0); }
