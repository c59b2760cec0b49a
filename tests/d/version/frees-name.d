/* proves: the name of a built-in newer than -x version is free for a variable of the program */
/* args: -q -x version=1.0 */
BEGIN { ustackdepth = 3; toupper = 4; printf("%d %d\n", ustackdepth, toupper); exit(0); }
