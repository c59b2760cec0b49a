/* proves: ?: with a constant condition is the branch it chooses, type included, as dt_node_op3 folds it while parsing: the other branch is never typed */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", sizeof(1 ? (char)1 : (long)2), sizeof(0 ? (char)1 : (short)2));
	printf("%s\n", 1 ? "yes" : 5);
	exit(0);
}
