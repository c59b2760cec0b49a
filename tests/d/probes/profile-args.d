/* proves: profile-N fires tracer-side as one CPU with arg0 = 0 and arg1 = 0 (no traced process) */
/* args: -q */
profile-1000 { printf("%s %d %d\n", probename, arg0, arg1); exit(0); }
