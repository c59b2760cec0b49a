/* proves: /= 0 is D_DIV_ZERO */
/* args: -x errtags */
BEGIN { x = 4; x /= 0; }
