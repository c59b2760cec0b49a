/* proves: an enumerator above INT_MAX is D_DECL_ENOFLOW */
/* args: -x errtags */
enum e { A = 2147483648 };
BEGIN { exit(0); }
