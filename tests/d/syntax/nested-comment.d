/* proves: a comment may not contain the start of another */
BEGIN
{
	/* outer /* inner */
}
