/* proves: tracemem needs a constant size */
/* args: -x errtags */
BEGIN
{
	x = 4;
	tracemem(&x, x);
}
