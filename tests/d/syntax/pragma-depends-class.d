/* proves: #pragma D depends_on with an unknown class is D_PRAGMA_INVAL */
/* args: -x errtags */
#pragma D depends_on bogus foo
BEGIN { exit(0); }
