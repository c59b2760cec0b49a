/* proves: when the action list reads a variable the predicate assigns, the predicate is typed first and the actions again (dt_cook_clause's retry on D_IDENT_UNDEF) */
#pragma D option quiet
BEGIN /(x = 3) > 1/ { printf("%d\n", x); exit(0); }
