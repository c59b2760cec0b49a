/* proves: a provider given by a pattern is Unstable even when it matches one probe (dt_probe_info) */
/* args: -q -v */
dtr*:::BEGIN { exit(0); }
