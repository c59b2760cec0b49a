/* proves: a declaration name may not use the scoping operator: D_DECL_SCOPE, as illumos dt_node_decl */
/* args: -x errtags */
int `xyz;

BEGIN { exit(0); }
