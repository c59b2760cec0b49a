/* proves: htons() is Evolving/Evolving/Common in dt_open.c, and lowers the statement attributes */
/* args: -q -v */
dtrace:::BEGIN { trace(htons(1)); exit(0); }
