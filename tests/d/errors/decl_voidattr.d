/* proves: short with void is D_DECL_VOIDATTR */
/* args: -x errtags */
BEGIN { x = (short void *)0; exit(0); }
