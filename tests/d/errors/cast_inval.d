/* proves: casting an int to a struct is D_CAST_INVAL */
/* args: -x errtags */
struct s { int a; };
BEGIN { x = (struct s)1; }
