/* proves: #line renumbers the following lines as dtrace does (N+1) */
#line 100
BEGIN
{
	x = ;
}
