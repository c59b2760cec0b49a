/* proves: a union containing itself is D_DECL_INCOMPLETE */
/* args: -x errtags */
union r { union r m; };
BEGIN { exit(0); }
