/* proves: an error in a subscript split over lines names the line of its closing ], where DTrace builds the [ node */
/* args: -x errtags */
BEGIN
{
	this->p = (int *)0;
	x = this->p[
	    1,
	    2
	];
}
