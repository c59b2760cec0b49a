/* proves: a tuple of 11 keys is refused at compile time (D_NOREG), as in DTrace */
/* args: -x errtags */
BEGIN { a[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = 1; exit(0); }
