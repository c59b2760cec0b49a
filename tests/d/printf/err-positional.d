/* proves: a positional %n$ conversion is refused, with no tag, as DTrace reports it */
/* args: -x errtags */
BEGIN { printf("%1$d\n", 1); }
