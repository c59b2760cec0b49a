/* proves: an aggregating function newer than -x version is undefined: stddev (D 1.6) under 1.5 */
/* args: -x errtags -x version=1.5 */
BEGIN { @ = stddev(1); exit(0); }
