/* proves: a clause with no actions is Stable whatever its predicate (dt_compile_one_clause uses _dtrace_defattr) */
/* args: -q -v */
dtrace:::BEGIN /htons(1) != 0/ {}
dtrace:::BEGIN { exit(0); }
