/* proves: print() shows "type value": integers in hex, strings quoted, structs member by member with nested indentation, char arrays as strings */
/* args: -q */
struct pt { int x; int y; };
struct foo { int a; char b; char name[8]; long c[3]; struct pt p; };
struct foo f;
BEGIN
{
	f.a = 42; f.b = 'x'; f.c[1] = 7; f.name[0] = 'h'; f.name[1] = 'i';
	f.p.y = -1;
	print(f.a);
	print((char)'z');
	print("abc");
	print(f.c);
	print(f);
	printf("|\n");
	exit(0);
}
