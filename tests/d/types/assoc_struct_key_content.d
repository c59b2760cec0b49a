/* proves: a struct value is an associative-array key compared by content: two distinct variables with equal bytes find the same element */
#pragma D option quiet
struct s { int a; int b; };
struct s k1;
struct s k2;
BEGIN { k1.a = 1; k2.a = 1; x[k1] = 5; printf("%d\n", x[k2]); exit(0); }
