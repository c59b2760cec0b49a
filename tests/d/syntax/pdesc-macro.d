/* proves: an undefined macro inside a probe description makes it invalid */
/* args: -x errtags */
pid$1:::entry
{
}
