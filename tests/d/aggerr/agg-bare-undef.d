/* proves: a bare reference to an aggregation never assigned is D_IDENT_UNDEF: DTrace looks it up without creating it */
/* args: -x errtags */
BEGIN { @a; }
