/* proves: -x version names a D version the compiler lacks: Requested version is not supported by compiler */
/* args: -x version=9.9 */
BEGIN { exit(0); }
