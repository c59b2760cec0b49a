/* proves: a reference to an integer-constant inline is that constant, type included (not narrowed to the inline's type) */
#pragma D option quiet
inline char C = 300;
BEGIN { printf("%d %d\n", C, sizeof(C)); exit(0); }
