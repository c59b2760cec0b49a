/* proves: #pragma D depends_on a provider that does not exist is D_PRAGMA_DEPEND */
/* args: -x errtags */
#pragma D depends_on provider nosuchprov
BEGIN { exit(0); }
