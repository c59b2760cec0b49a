/* proves: a struct value may be cast to its own type (DTrace accepts any cast between compatible types) */
#pragma D option quiet
struct pt { int x; char c; };
struct pt here;
BEGIN
{
	here.x = 12;
	here.c = 'q';
	printf("%d %c\n", ((struct pt)here).x, ((struct pt)here).c);
	exit(0);
}
