/* proves: an unknown name in a predicate is D_IDENT_UNDEF */
/* args: -x errtags */
BEGIN /y == 1/ { }
