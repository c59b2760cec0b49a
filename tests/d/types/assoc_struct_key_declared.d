/* proves: an associative array declared with a struct key type accepts struct keys; keys differing in any byte are distinct elements */
#pragma D option quiet
struct s { int a; int b; };
int x[struct s];
struct s k1, k2, k3;
BEGIN
{
	k1.a = 1; k2.a = 1; k3.a = 2;
	x[k1] = 5; x[k3] = 7;
	printf("%d %d %d\n", x[k2], x[k3], x[k1]);
	k1.b = 9;
	printf("%d\n", x[k1]);
	exit(0);
}
