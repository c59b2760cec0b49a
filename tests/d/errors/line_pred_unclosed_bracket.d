/* proves: an unclosed ] in a predicate is reported on the line of the { after the closing / (DTrace reads past the newline to classify the /) */
/* args: -x errtags */
BEGIN
/x[1/
{
}
