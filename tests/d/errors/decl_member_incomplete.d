/* proves: a member of a struct type never defined is D_DECL_INCOMPLETE */
/* args: -x errtags */
struct r { struct p m; };
BEGIN { exit(0); }
