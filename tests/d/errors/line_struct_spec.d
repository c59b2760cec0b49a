/* proves: a struct specifier error names the line of its { (the specifier is checked when reduced) */
/* args: -x errtags */
long struct t
{
	int b;
} v;
BEGIN { exit(0); }
