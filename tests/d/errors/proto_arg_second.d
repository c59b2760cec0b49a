/* proves: a mismatch in the second key is reported as key #2 */
/* args: -x errtags */
BEGIN { a[1, "x"] = 1; a[1, 2] = 2; }
