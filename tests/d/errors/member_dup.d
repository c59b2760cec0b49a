/* proves: a struct member repeated is libctf's duplicate-member refusal (D_UNKNOWN) */
/* args: -x errtags */
struct s { int x; char x; };
BEGIN { exit(0); }
