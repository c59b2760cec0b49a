/* proves: an enumerator below INT_MIN is D_DECL_ENOFLOW, with the INT_MAX text */
/* args: -x errtags */
enum e { B = -2147483649 };
BEGIN { exit(0); }
