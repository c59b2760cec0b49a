/* proves: an aggregation as an operand of + has type aggregation: D_OP_INCOMPAT names it */
/* args: -x errtags */
BEGIN { @a = count(); trace(@a + 3); }
