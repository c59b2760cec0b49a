/* proves: a clause whose only action is commit() records nothing of its own: the committed data prints, then the next clause's line */
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
	commit(s);
}

BEGIN
{
	exit(0);
}
