/* proves: a string cannot be compared with an int */
/* args: -x errtags */
BEGIN { x = "a" == 1; }
