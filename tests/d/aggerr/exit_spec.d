/* proves: exit may not follow speculate */
/* args: -x errtags */
BEGIN
{
	speculate(1);
	exit(0);
}
