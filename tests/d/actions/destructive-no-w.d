/* proves: without -w a destructive action is refused when tracing starts, after the match notice, as dtrace_go() checks it */
BEGIN { system("echo never"); exit(0); }
