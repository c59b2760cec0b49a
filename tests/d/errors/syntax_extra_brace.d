/* proves: an extra closing brace is a syntax error */
/* args: -x errtags */
BEGIN { x = 1; } }
