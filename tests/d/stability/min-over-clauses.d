/* proves: the report is the minimum over every clause and description: one tick-N (Unstable, no provider named) and one Evolving subroutine */
/* args: -q -v */
dtrace:::BEGIN { trace(ntohl(1)); }
profile:::tick-1ms, tick-1ms { exit(0); }
