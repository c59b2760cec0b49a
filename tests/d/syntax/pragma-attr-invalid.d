/* proves: #pragma D attributes with an attribute triple that does not parse is D_PRAGMA_INVAL */
/* args: -x errtags */
#pragma D attributes Bogus/Stable/Common x
int x;
BEGIN { exit(0); }
