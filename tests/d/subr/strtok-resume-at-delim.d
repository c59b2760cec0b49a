/* proves: strtok(NULL, set) resumes at the delimiter that ended the last token, so under a new set it belongs to the next token */
#pragma D option quiet
BEGIN
{
	x = "aXbYc";
	printf("%s\n", strtok(x, "X"));
	printf("%s\n", strtok(NULL, "Y"));
	exit(0);
}
