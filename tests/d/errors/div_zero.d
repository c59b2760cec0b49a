/* proves: constant division by zero is D_DIV_ZERO */
/* args: -x errtags */
BEGIN { x = 1 / 0; }
