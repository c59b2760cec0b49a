/* proves: a string that is not printable text before its NULs (here the empty string) is shown as a hex dump */
/* args: -x strsize=16 */
BEGIN { trace(""); exit(0); }
