/* proves: * takes width and precision from int arguments, width first; a negative width left-justifies */
#pragma D option quiet
BEGIN
{
	printf("[%*s][%-*s][%*s]\n", 8, "ab", 8, "ab", -8, "ab");
	printf("[%.*s][%*.*s]\n", 2, "hello", 6, 3, "hello");
	printf("[%*d][%.*d][%*.*d]\n", 5, 42, 4, 7, 6, 3, 9);
	this->w = 10;
	printf("[%*x]\n", this->w, 255);
	exit(0);
}
