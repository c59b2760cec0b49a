/* proves: the error line is that of the offending clause */
/* args: -x errtags */
BEGIN { x = 1; }

BEGIN { trace(y); }
