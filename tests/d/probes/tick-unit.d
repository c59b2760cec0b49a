/* proves: tick-N with a unit suffix is created on demand (tick-10ms) */
/* args: -q */
int n;
profile:::tick-10ms { n++; }
profile:::tick-10ms /n == 3/ { printf("%s %s %d\n", probeprov, probename, n); exit(0); }
