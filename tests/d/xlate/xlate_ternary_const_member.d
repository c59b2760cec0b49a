/* proves: the member of a ?: whose constant condition chooses translated data is that translation's member, as dt_node_op3 leaves only the chosen xlate */
#pragma D option quiet
struct out { int w; };
translator struct out < int x > { w = x * 2; };
BEGIN
{
	printf("%d\n", (1 ? xlate<struct out>(21) : xlate<struct out>(0)).w);
	printf("%d\n", (0 ? xlate<struct out>(21) : xlate<struct out>(5)).w);
	exit(0);
}
