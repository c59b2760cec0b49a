/* proves: a clause's predicate counts with its actions */
/* args: -q -v */
dtrace:::BEGIN /htons(1) != 0/ { exit(0); }
