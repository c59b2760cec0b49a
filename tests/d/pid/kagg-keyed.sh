# proves: aggregations a trampoline folds in the target (count, sum with a predicate, min, max, avg, one and two integer keys from the arguments) print exactly as one record per hit does on every backend, and clear() between two phases (printa and clear at mark(1), processed while the target sleeps; END prints the rest) leaves the second phase's hits alone: 2000 then 1000 per key, sums, least and greatest values of each phase
# timeout: 60
"$UDTRACE" $UDTRACE_OPTS -x switchrate=50ms -q -n '
pid$target:a.out:work:entry { @c[arg1] = count(); }
pid$target:a.out:work:entry /arg0 & 1/ { @s[arg1] = sum(arg0); }
pid$target:a.out:work:entry { @mn[arg1] = min(arg2); }
pid$target:a.out:work:entry { @mx[arg1] = max(arg0); }
pid$target:a.out:work:entry { @av[arg1, arg0 & 1] = avg(arg0); }
pid$target:a.out:mark:entry /arg0 == 1/
{
	printf("mark %d\n", arg0);
	printa("c %d %@d\n", @c); printa("s %d %@d\n", @s);
	printa("mn %d %@d\n", @mn); printa("mx %d %@d\n", @mx);
	printa("av %d %d %@d\n", @av);
	clear(@c); clear(@s); clear(@mn); clear(@mx); clear(@av);
}
END
{
	printa("c %d %@d\n", @c); printa("s %d %@d\n", @s);
	printa("mn %d %@d\n", @mn); printa("mx %d %@d\n", @mx);
	printa("av %d %d %@d\n", @av);
}' -c "$TARGETS/kagg 10000 0 1000"
echo "status $?"
