/* proves: args without a subscript is D_IDENT_BADREF */
/* args: -x errtags */
BEGIN { trace(args); exit(0); }
