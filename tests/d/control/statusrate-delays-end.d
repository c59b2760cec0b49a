/* proves: dtrace learns of exit() only at its next status poll, every statusrate from the start of tracing: with statusrate=2sec, END comes at least 2 seconds after tracing began although exit() ran at the first tick */
#pragma D option quiet
#pragma D option statusrate=2sec
BEGIN { start = timestamp; }
tick-100ms { exit(0); }
END { printf("%d\n", timestamp - start >= 1900000000); }
