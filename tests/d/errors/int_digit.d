/* proves: 09 is D_INT_DIGIT */
/* args: -x errtags */
BEGIN { x = 09; }
