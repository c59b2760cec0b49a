/* proves: sizeof(void) is an operand of unknown size */
/* args: -x errtags */
BEGIN { trace(sizeof(void)); exit(0); }
