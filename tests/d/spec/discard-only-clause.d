/* proves: a clause whose only action is discard() records nothing of its own: only the next clause's line prints */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("spec");
}

BEGIN
{
	discard(s);
}

BEGIN
{
	exit(0);
}
