/* proves: a clause whose entry does not fit the principal buffer is dropped whole before its predicate runs, as dtrace_probe reserves dte_needed first: neither the predicate's ++ nor the assignments around the record happen, and the drop is counted; a clause that fits runs */
#pragma D option quiet
#pragma D option bufsize=200

BEGIN
/++n/
{
	x = 1;
	printf("%s\n", "a string is recorded at strsize bytes, more than 200");
	y = 1;
}

BEGIN
{
	printf("n=%d x=%d y=%d\n", n, x, y);
	exit(0);
}
