/* proves: -> through a forward-declared input struct is D_OP_INCOMPLETE with illumos's wording (D-GAPS 30) */
/* args: -x errtags */
struct fwd;
struct out_s { int w; };
translator struct out_s < struct fwd *p > { w = p->v; };
BEGIN { exit(0); }
