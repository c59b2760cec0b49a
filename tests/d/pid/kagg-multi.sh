# proves: a clause with several aggregating statements (count, sum, avg, min, max under one predicate, keys pushed and flushed between them, one key reused, one aggregation keyless) is aggregated in the trampoline statement by statement and prints exactly as one record per hit does on every backend
# timeout: 60
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry /(arg0 & 3) != 1/
{
	@c[arg1] = count(); @s[arg1] = sum(arg0); @a[arg1, arg0 & 1] = avg(arg0);
	@lo = min(arg2); @hi[arg1 * 10] = max(arg0 - arg2);
}
END { printa("c %d %@d\n", @c); printa("s %d %@d\n", @s); printa("a %d %d %@d\n", @a); printa("lo %@d\n", @lo); printa("hi %d %@d\n", @hi); }' -c "$TARGETS/kagg 30000"
echo "status $?"
