/* proves: setopt of a non-dynamic option while tracing prints DTrace's error line (and its empty line) and tracing goes on */
/* args: -q */
BEGIN { setopt("bufsize", "1m"); printf("still here\n"); setopt("nosuchopt"); exit(0); }
