/* proves: a predicate must close its parentheses before the closing slash */
BEGIN
/(1 == 1/
{
}
