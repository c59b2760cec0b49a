/* proves: #pragma D attributes naming an identifier never defined is D_PRAGMA_UNUSED at the pragma's line */
/* args: -x errtags */
#pragma D attributes Stable/Stable/Common nosuchname
BEGIN { exit(0); }
