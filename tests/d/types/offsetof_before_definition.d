/* proves: offsetof(struct t, m) read before struct t is defined is refused where it is read (D_OFFSETOF_TYPE) */
/* args: -x errtags */
BEGIN { trace(offsetof(struct later, a)); exit(0); }
struct later { int a; };
