/* proves: D-declared bit-fields take the smallest power-of-two byte unit and start at the next byte (libctf layout, as DTrace) */
#pragma D option quiet
struct s { int a : 1; int b : 3; } v;
struct t { int c : 12; int a : 10; int b : 3; } w;
struct u { int x; char c; } uu;
BEGIN
{
	w.c = -5; w.a = 300; w.b = 3; v.a = 1; v.b = 5;
	printf("%d %d %d\n", sizeof(v), sizeof(w), sizeof(uu));
	printf("%d %d %d %d %d\n", w.c, w.a, w.b, v.a, v.b);
	exit(0);
}
