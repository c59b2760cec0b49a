/* proves: a struct defined with two declarators is defined once and declares both */
#pragma D option quiet
struct s { int a; } k1, k2;
BEGIN { k1.a = 1; k2.a = 2; printf("%d %d %d\n", k1.a, k2.a, sizeof(k2)); exit(0); }
