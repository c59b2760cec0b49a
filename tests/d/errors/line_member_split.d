/* proves: an error in a member access split over lines names the line of the member's name */
/* args: -x errtags */
BEGIN
{
	x = 1;
	y = x
	    .
	    size;
}
