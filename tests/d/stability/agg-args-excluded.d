/* proves: an aggregating function's arguments do not count (dt_cook_aggregation cooks them apart): a sum of htons() is Stable */
/* args: -q -v */
dtrace:::BEGIN { @ = sum(htons(1)); exit(0); }
