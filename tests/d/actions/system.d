/* proves: system() formats its command, flushes the output first, and its output lands between the records around it */
/* args: -qw */
BEGIN { printf("before\n"); system("echo hi %d %s", 42, "there"); printf("after\n"); exit(0); }
