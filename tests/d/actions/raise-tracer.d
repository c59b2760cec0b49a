/* proves: raise() and stop() in a tracer-side probe (BEGIN runs in udtrace itself) do nothing until process control exists */
/* args: -qw */
BEGIN { raise(9); stop(); printf("alive\n"); exit(0); }
