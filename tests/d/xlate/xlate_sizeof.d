/* proves: sizeof applies to translated data as to what it yields: *xlate<T *>(e) and xlate<T>(e) have T's size, xlate<T *>(e) a pointer's */
#pragma D option quiet
struct big_s { int w; long s; char c[5]; };
translator struct big_s < int T > { w = T - 1; s = T; };
BEGIN
{
	printf("%d %d %d %d\n", sizeof(*xlate<struct big_s *>(2)),
	    sizeof(xlate<struct big_s>(2)), sizeof(xlate<struct big_s *>(2)),
	    sizeof(struct big_s));
	exit(0);
}
