/* proves: printf %s rejects a char * (DTrace reads kernel memory through it) */
/* args: -x errtags */
BEGIN { printf("%s\n", (char *)0); }
