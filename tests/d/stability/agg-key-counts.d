/* proves: an aggregation's keys do count: a key of htons() is Evolving */
/* args: -q -v */
dtrace:::BEGIN { @[htons(1)] = count(); exit(0); }
