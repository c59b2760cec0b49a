/* proves: a positional %n$ conversion is refused, tagged D_SYNTAX as DTrace's yywarn() tags it */
/* args: -x errtags */
BEGIN { printf("%1$d\n", 1); }
