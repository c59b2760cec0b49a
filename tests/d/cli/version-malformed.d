/* proves: -x version that does not parse: Version is not properly formatted or is too large */
/* args: -x version=1.x */
BEGIN { exit(0); }
