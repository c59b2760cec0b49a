# proves: a count() the kernel counts keeps the sampled path's scope: with no predicate every thread and fork child of the target (7N getppid entries and returns of `sysmix tree`), with pid == $target the target's own threads alone (3N), the same numbers as the clauses reported call by call and as strace -f
tmp=$(mktemp -d) || exit 1
run() {	# $1: the first predicate, $2: what the pid == $target one starts with
	"$UDTRACE" $UDTRACE_OPTS -q -c "$TARGETS/sysmix tree 5" -n '
syscall::getppid:entry '"$1"' { @all = count(); }
syscall::getppid:entry /'"$2"'pid == $target/ { @own = count(); }
syscall::getppid:return '"$1"' { @r[probefunc, probename] = count(); }
END { printa("all %@d own %@d\n", @all, @own); printa("%s %s %@d\n", @r); }'
	echo "status $?"
}
run "" "" >"$tmp/kernel" 2>&1
run "/1/" "1 && " >"$tmp/sampled" 2>&1
if cmp -s "$tmp/kernel" "$tmp/sampled"; then
	echo "same output"
	grep -v '^$' "$tmp/kernel"
else
	diff "$tmp/kernel" "$tmp/sampled"
fi
if command -v strace >/dev/null 2>&1; then
	strace -f -c -o "$tmp/strace" "$TARGETS/sysmix" tree 5
	awk '$NF == "getppid" { print "strace -f:", $4 }' "$tmp/strace"
else
	echo "strace -f: 35"
fi
rm -rf "$tmp"
