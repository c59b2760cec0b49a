/* proves: an unmatched closing brace is a syntax error at the outer scope */
BEGIN
{
}
}
