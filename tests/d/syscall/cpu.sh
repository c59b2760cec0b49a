# proves: syscall probes report the CPU the calling thread ran on, in `cpu` and in the records' CPU, also when the ptrace backend skips finding it for programs that only aggregate: a target pinned to the last CPU shows it in printf, trace output and an aggregation keyed by cpu
command -v taskset >/dev/null 2>&1 || { echo "skip: taskset not installed"; exit 77; }
last=$(($(nproc) - 1))
[ "$last" -ge 1 ] || { echo "skip: one CPU: a wrong cpu of 0 would pass"; exit 77; }
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/a" -c "taskset -c $last $TARGETS/sysmix plain 2" -n '
syscall::getppid:entry /execname == "sysmix"/ { printf("cpu %d\n", cpu); }' >/dev/null
"$UDTRACE" $UDTRACE_OPTS -o "$tmp/b" -c "taskset -c $last $TARGETS/sysmix plain 2" -n '
syscall::getppid:entry /execname == "sysmix"/ { trace(1); }' >/dev/null 2>&1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/c" -c "taskset -c $last $TARGETS/sysmix plain 2" -n '
syscall::getppid:entry /execname == "sysmix"/ { @[cpu] = count(); } END { printa("agg cpu %d: %@d\n", @); }' >/dev/null
grep -v '^$' "$tmp/a" | sed "s/^cpu $last\$/cpu LAST/"
awk -v last="$last" 'NF >= 3 && $1 ~ /^[0-9]+$/ { print ($1 == last ? "LAST" : $1), $3, $4 }' "$tmp/b"
grep -v '^$' "$tmp/c" | sed "s/^agg cpu $last:/agg cpu LAST:/"
rm -rf "$tmp"
