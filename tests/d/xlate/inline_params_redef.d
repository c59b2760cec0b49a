/* proves: redefining a parameterised inline names it an associative array inline (dt_idkind_name) */
/* args: -x errtags */
inline int f[int a] = a;
inline int f = 2;
BEGIN { exit(0); }
