/* proves: comments inside and between clauses are ignored */
#pragma D option quiet

/* before */
BEGIN /* between */
{
	/* inside */ printf("ok\n"); /* after */
	exit(0);
}
/* end */
