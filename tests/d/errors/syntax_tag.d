/* proves: a syntax error is D_SYNTAX */
/* args: -x errtags */
BEGIN { trace(1 }
