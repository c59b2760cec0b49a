/* proves: %S escapes a string held in a variable and one built by strjoin */
#pragma D option quiet
BEGIN
{
	this->s = strjoin("tab\t", "nl\n");
	printf("<%S>\n", this->s);
	exit(0);
}
