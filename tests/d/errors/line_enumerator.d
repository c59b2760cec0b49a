/* proves: an enumerator error names the line of the , or } after it */
/* args: -x errtags */
enum e {
	A = "x"
};
BEGIN { exit(0); }
