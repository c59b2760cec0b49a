/* proves: the default statusrate is one second: END after an exit() at the first tick-10ms comes at the first status poll, a second after tracing began */
#pragma D option quiet
BEGIN { start = timestamp; }
tick-10ms { exit(0); }
END { printf("%d\n", timestamp - start >= 900000000); }
