/* proves: clause-local variables cannot be associative arrays */
/* args: -x errtags */
this int a[int];
BEGIN {}
