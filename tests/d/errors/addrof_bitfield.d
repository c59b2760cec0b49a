/* proves: taking the address of a bit-field is D_ADDROF_BITFIELD */
/* args: -x errtags */
struct s { int a : 1; } v;
BEGIN { trace(&v.a); exit(0); }
