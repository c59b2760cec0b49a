/* proves: stack() compiles and records the empty kernel stack a user-space tracer has, printed as DTrace prints an empty stack (a bare newline) */
/* args: -x errtags */
BEGIN { stack(); exit(0); }
