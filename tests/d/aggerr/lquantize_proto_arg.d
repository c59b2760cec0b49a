/* proves: lquantize( )'s base is checked against the int32_t prototype before the constant checks: a string base is D_PROTO_ARG, not D_LQUANT_BASETYPE */
/* args: -x errtags */
BEGIN { @a = lquantize(1, "x", 10, 1); }
