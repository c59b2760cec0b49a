/* proves: a clause's names are resolved after the whole file is parsed, so it may use an inline declared later (declarations are defined at parse time, clauses cooked after) */
#pragma D option quiet
BEGIN { printf("%d\n", lim); exit(0); }
inline int lim = 7;
