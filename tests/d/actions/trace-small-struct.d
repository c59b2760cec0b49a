/* proves: trace() of a 1-byte struct prints an integer, as DTrace's consumer switches on record size before string or hex output */
struct s { char c; } st;
BEGIN { st.c = 0x41; trace(st); exit(0); }
