/* proves: an inline may not take the name of args[], which illumos calls an associative array (dt_idkind_name) */
/* args: -x errtags */
inline int args = 7;
BEGIN { exit(0); }
