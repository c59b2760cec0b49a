/* proves: an unknown #pragma D is D_PRAGMA_INVAL, other unknown pragmas are ignored */
/* args: -x errtags */
#pragma GCC poison foo
#pragma D frobnicate
BEGIN {}
