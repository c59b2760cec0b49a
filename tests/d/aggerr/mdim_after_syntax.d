/* proves: @a[k][j] is rejected when the subscript is compiled, so a syntax error later in the same statement (a call of a non-identifier) is reported first, as DTrace's parser does: D_FUNC_IDENT */
/* args: -x errtags */
BEGIN { @a[0][2] = 1(); }
