/* proves: profile:::tick-N is Evolving (profile_attr: provider and name), and so is probename there */
/* args: -q -v */
profile:::tick-1ms { trace(probename); exit(0); }
