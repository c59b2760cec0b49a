/* proves: a parameterised inline expands with its named keys bound to the arguments (D-GAPS 32) */
#pragma D option quiet
inline int add3[int a, int b, int c] = a + b + c;
BEGIN { printf("%d\n", add3[1, 2, 3]); exit(0); }
