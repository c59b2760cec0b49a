# proves: the system calls udtrace injects into a target (the scratch mmap and the SIGTRAP guard's mmap/rt_sigaction, planted again after the target's exec while syscall probes are on) are never reported: the counts across an exec equal strace -c -f's (execve and exit_group aside)
command -v strace >/dev/null 2>&1 || { echo "skip: strace not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
strace -c -f -o "$tmp/strace" "$TARGETS/execer" >/dev/null
awk '$1 ~ /^[0-9.]+$/ && NF >= 5 && $NF != "total" && $NF != "execve" { print $NF, $4 }' "$tmp/strace" | sort >"$tmp/want"
"$UDTRACE" $UDTRACE_OPTS -q -x evaltime=exec -o "$tmp/trace" -c "$TARGETS/execer" \
    -n 'syscall:::entry /pid == $target/ { @[probefunc] = count(); } END { printa("%s %@d\n", @); }' >/dev/null
grep -v '^$' "$tmp/trace" | grep -v -e '^exit_group ' -e '^execve ' | sort >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	echo "same counts for $(wc -l <"$tmp/got") calls"
	grep -E '^(mmap|munmap|rt_sigaction|mprotect) ' "$tmp/got"
else
	diff "$tmp/want" "$tmp/got"
fi
rm -rf "$tmp"
