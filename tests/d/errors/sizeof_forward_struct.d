/* proves: sizeof of a struct only declared forward is D_SIZEOF_TYPE with DTrace's wording, operand of unknown size */
/* args: -x errtags */
struct s;
BEGIN { trace(sizeof(struct s)); exit(0); }
