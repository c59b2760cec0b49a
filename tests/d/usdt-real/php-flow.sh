# proves: a DTrace-book-style PHP flow script (php*:::function-entry/-return with -Z, self-> depth, %*s indentation, basename of the file, class::function and line) runs unchanged against Debian's php8.2 and prints the script's exact call flow; skipped only when php8.2 is absent
command -v php8.2 >/dev/null 2>&1 || { echo "skip: php8.2 not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
cat >"$tmp/php_flow.d" <<'D'
#!/usr/sbin/dtrace -Zs
/*
 * php_flow.d - snoop PHP function flow: file, line, class and function,
 * indented by call depth. Written in the style of the DTrace book.
 */
#pragma D option quiet

self int depth;

dtrace:::BEGIN
{
	printf("%-10s %5s  %s\n", "FILE", "LINE", "FUNC");
}

php*:::function-entry
/arg0/
{
	printf("%-10s %5d  %*s-> %s%s%s\n", basename(copyinstr(arg1)), arg2,
	    self->depth * 2, "", copyinstr(arg3), copyinstr(arg4),
	    copyinstr(arg0));
	self->depth++;
}

php*:::function-return
/arg0/
{
	self->depth -= self->depth > 0 ? 1 : 0;
	printf("%-10s %5d  %*s<- %s%s%s\n", basename(copyinstr(arg1)), arg2,
	    self->depth * 2, "", copyinstr(arg3), copyinstr(arg4),
	    copyinstr(arg0));
}
D
USE_ZEND_DTRACE=1 "$UDTRACE" $UDTRACE_OPTS -Z -o "$tmp/trace" -s "$tmp/php_flow.d" -c "php8.2 -n calls.php"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
