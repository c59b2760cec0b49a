/* proves: a missing operand is a syntax error at the next token */
/* args: -x errtags */
BEGIN { x = ; }
