/* proves: a string constant assigned to a struct's string member is copied to its NUL (it faulted: strsize bytes were read from the string table) */
#pragma D option quiet
struct out_s { int w; string s; };
struct out_s x;
BEGIN { x.s = "abcdef"; x.s = "ab"; x.w = 3; t = "var"; printf("%s %d\n", x.s, x.w); x.s = t; printf("%s\n", x.s); exit(0); }
