/* proves: constant remainder by zero is D_DIV_ZERO */
/* args: -x errtags */
BEGIN { x = 5 % 0; }
