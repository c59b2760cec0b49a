/* proves: a non-constant enumerator value is D_DECL_ENCONST with DTrace's wording */
/* args: -x errtags */
enum e { A = "x" };
BEGIN { exit(0); }
