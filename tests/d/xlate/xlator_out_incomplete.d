/* proves: a forward-declared output type is D_XLATE_SOU "incomplete" (D-GAPS 28) */
/* args: -x errtags */
struct nosuch;
translator struct nosuch < int T > { x = T; };
BEGIN { exit(0); }
