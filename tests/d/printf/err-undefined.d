/* proves: an unknown conversion is reported with its number and text */
/* args: -x errtags */
BEGIN { printf("%d %z\n", 1, 2); }
