/* proves: a second inline of the same name is D_DECL_IDRED naming both kinds (illumos wording) */
/* args: -x errtags */
inline int foo = 1;
inline int foo = 2;
BEGIN { exit(0); }
