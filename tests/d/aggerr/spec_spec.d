/* proves: speculate may not follow speculate */
/* args: -x errtags */
BEGIN
{
	speculate(1);
	speculate(1);
}
