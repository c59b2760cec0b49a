/* proves: a struct member name may not use the scoping operator: D_DECL_SCOPE, as illumos dt_decl_member */
/* args: -x errtags */
struct s {
	int a`b;
};

BEGIN { exit(0); }
