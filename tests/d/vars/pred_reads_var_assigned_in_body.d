/* proves: a predicate may read a variable first assigned in its own clause's body: the action list is typed before the predicate (illumos dt_cook_clause) */
#pragma D option quiet
BEGIN /n == 0/ { n = 5; printf("%d\n", n); exit(0); }
