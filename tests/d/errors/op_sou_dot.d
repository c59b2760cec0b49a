/* proves: . on a struct pointer is D_OP_SOU with illumos wording */
/* args: -x errtags */
struct s { int i; };
struct s *f;
BEGIN { f.i = 1; exit(0); }
