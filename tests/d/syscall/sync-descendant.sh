# proves: a fork child kept stopped at its system calls for a probe that reads its memory (copyinstr of write's buffer) fires each proc event once, as on the ptrace backend: its create, start and exit are not reported twice by the tracepoints and the stops
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$TARGETS/sysmix fork 1" -n '
proc:::exit, proc:::create, proc:::start, proc:::exec { printf("%s %s\n", probename, pid == $target ? "target" : "child"); }
syscall::write:entry { printf("write %s %s", pid == $target ? "target" : "child", copyinstr(arg1, arg2)); }' >/dev/null
echo "status $?"
grep -v '^$' "$tmp/trace"
rm -rf "$tmp"
