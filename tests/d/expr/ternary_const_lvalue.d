/* proves: (1 ? x : y) = v assigns x: dt_node_op3 returns the branch a constant condition chooses, so it stays a modifiable lvalue (and (0 ? x : y)++ increments y) */
#pragma D option quiet
BEGIN
{
	x = 1;
	y = 2;
	(1 ? x : y) = 7;
	(0 ? x : y)++;
	printf("%d %d\n", x, y);
	exit(0);
}
