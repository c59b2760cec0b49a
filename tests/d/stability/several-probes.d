/* proves: a description matching several dtrace probes with a pattern in its Stable name field describes none: Unstable (EDT_UNSTABLE) */
/* args: -q -v */
dtrace:::BEGIN, dtrace::: /0/ { }
dtrace:::BEGIN { exit(0); }
