/* proves: #pragma D depends_on library in a main program is D_PRAGMA_DEPEND */
/* args: -x errtags */
#pragma D depends_on library other.d
BEGIN { exit(0); }
