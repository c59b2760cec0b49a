/* proves: a description naming the dtrace provider takes its Stable provider and name attributes (dtrace_provider_attr) */
/* args: -q -v */
dtrace:::BEGIN { exit(0); }
