/* proves: #pragma D attributes on a built-in identifier is D_PRAGMA_SCOPE, as dt_pragma_attributes refuses entities of another generation */
/* args: -x errtags */
#pragma D attributes Evolving execname
BEGIN { exit(0); }
