/* proves: a third long is D_DECL_COMBO with DTrace's own wording */
/* args: -x errtags */
long long long x;
BEGIN { exit(0); }
