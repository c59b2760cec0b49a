/* proves: D_PRED_SCALAR names the line of the clause's closing } (raised with the clause node's line) */
/* args: -x errtags */
int a[4];
BEGIN
/a/
{
	exit(0);
}
