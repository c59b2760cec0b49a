/* proves: an action newer than -x version is undefined: print (D 1.9) under 1.8 */
/* args: -x errtags -x version=1.8 */
BEGIN { print(1); exit(0); }
