/* proves: ++ on a non-lvalue is D_OP_LVAL */
/* args: -x errtags */
BEGIN { x = 1; (x + 1)++; }
