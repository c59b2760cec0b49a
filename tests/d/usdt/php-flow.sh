# proves: a DTrace-book-style PHP flow script (function-entry/-return, self-> depth, %*s indentation, class/scope/function strings and line numbers) runs unchanged on the PHP-shaped provider and prints the call tree exactly
. ../../lib/usdt-need.sh
need_target phpish
tmp=$(mktemp -d) || exit 1
cat >"$tmp/php_flow.d" <<'D'
#!/usr/sbin/dtrace -s
/*
 * php_flow.d - PHP function flow with the class, scope and line.
 * Written in the style of the DTrace book's language-provider scripts.
 */
#pragma D option quiet
#pragma D option switchrate=10

self int depth;

dtrace:::BEGIN
{
	printf("%-10s %-5s %s\n", "FILE", "LINE", "FUNC");
}

phpish$target:::function-entry
/arg0/
{
	printf("%-10s %-5d %*s-> %s%s%s\n", copyinstr(arg1), arg2,
	    self->depth * 2, "", copyinstr(arg3), copyinstr(arg4),
	    copyinstr(arg0));
	self->depth++;
}

phpish$target:::function-return
/arg0/
{
	self->depth -= self->depth > 0 ? 1 : 0;
	printf("%-10s %-5d %*s<- %s%s%s\n", copyinstr(arg1), arg2,
	    self->depth * 2, "", copyinstr(arg3), copyinstr(arg4),
	    copyinstr(arg0));
}
D
"$UDTRACE" $UDTRACE_OPTS -o "$tmp/trace" -s "$tmp/php_flow.d" -c "$TARGETS/phpish"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
