# proves: syscall:::entry /pid == $target/ counts every system call of a program exactly as strace -c -f does (execve, which precedes tracing, and exit_group, which strace -c never sees return, aside)
command -v strace >/dev/null 2>&1 || { echo "skip: strace not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
strace -c -f -o "$tmp/strace" "$TARGETS/sysmix" plain 7 >/dev/null
awk '$1 ~ /^[0-9.]+$/ && NF >= 5 && $NF != "total" && $NF != "execve" { print $NF, $4 }' "$tmp/strace" | sort >"$tmp/want"
"$UDTRACE" $UDTRACE_OPTS -q -x evaltime=exec -o "$tmp/trace" -c "$TARGETS/sysmix plain 7" \
    -n 'syscall:::entry /pid == $target/ { @[probefunc] = count(); } END { printa("%s %@d\n", @); }' >/dev/null
grep -v '^$' "$tmp/trace" | grep -v '^exit_group ' | sort >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	echo "same counts for $(wc -l <"$tmp/got") calls"
	grep -E '^(getppid|write|openat|close) ' "$tmp/got"
else
	diff "$tmp/want" "$tmp/got"
fi
rm -rf "$tmp"
