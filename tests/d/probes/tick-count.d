/* proves: tick-N keeps firing at its rate, and exit() after N ticks stops it before the next */
/* args: -q */
int n;
tick-100 { n++; }
tick-100 /n == 5/ { printf("%d ticks\n", n); exit(0); }
tick-100 /n > 5/ { printf("fired after exit\n"); }
END { printf("end %d\n", n); }
