/* proves: a key of the wrong type is reported on the associative array's own line, not its ]'s (the [ node becomes the variable's node) */
/* args: -x errtags */
BEGIN
{
	a["k"] = 1;
	y = a
	[
	    1
	];
}
