/* proves: a string key longer than 50 characters is printed whole, the value follows it directly */
#pragma D option quiet
BEGIN
{
	@["abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz0123456789"] = count();
	exit(0);
}
