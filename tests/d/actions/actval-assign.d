/* proves: an action assigned to a variable passes the type checks and is refused by code generation, D_CG_EXPR */
/* args: -x errtags */
BEGIN { x = trace(1); }
