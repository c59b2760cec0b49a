/* proves: several declarations in one program */
#pragma D option quiet

int x;
long long y;
string s;

BEGIN
{
	x = 1;
	y = 2;
	s = "three";
	printf("%d %d %s\n", x, y, s);
	exit(0);
}

