/* proves: offsetof of an unknown member is libctf's Invalid member name */
/* args: -x errtags */
struct s { int a; };
BEGIN { trace(offsetof(struct s, b)); exit(0); }
