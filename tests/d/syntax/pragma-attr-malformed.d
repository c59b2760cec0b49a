/* proves: #pragma D attributes with no identifier is D_PRAGMA_MALFORM */
/* args: -x errtags */
#pragma D attributes Stable/Stable/Common
BEGIN { exit(0); }
