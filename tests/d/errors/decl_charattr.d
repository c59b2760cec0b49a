/* proves: long with char is D_DECL_CHARATTR */
/* args: -x errtags */
BEGIN { x = (long char)0; exit(0); }
