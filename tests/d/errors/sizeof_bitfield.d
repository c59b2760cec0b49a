/* proves: sizeof of a bit-field is D_SIZEOF_BITFIELD */
/* args: -x errtags */
struct s { int a : 1; } v;
BEGIN { trace(sizeof(v.a)); exit(0); }
