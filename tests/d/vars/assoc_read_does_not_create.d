/* proves: reading a missing element twice still gives 0 and does not disturb others */
#pragma D option quiet

BEGIN
{
	a["x"] = 1;
	v = a["y"];
	w = a["y"];
	printf("%d %d %d\n", v, w, a["x"]);
	exit(0);
}
