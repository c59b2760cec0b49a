# proves: with no -c or -p (the kernel's tracepoints), proc:::exit's args[0] tells a process that dumped core (SIGABRT, ulimit -c unlimited: CLD_DUMPED) from one killed without a core (SIGKILL: CLD_KILLED) and one that exited (CLD_EXITED): the dump shows only in the SIGCHLD its parent is sent, which udtrace waits for; skipped on ptrace, which cannot see processes it does not trace, and where the kernel writes no core
# timeout: 40
# Must not: sleep for fixed times (every wait polls, 8 s max).
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see processes it does not trace"; exit 77 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'kill $upid 2>/dev/null; rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
name=dd$$
cp /bin/sleep "$tmp/$name" || exit 1
cd "$tmp" || exit 1
# does this machine dump a SIGABRT (core_pattern, limits)?
python3 -c '
import os, resource, signal, sys, time
resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
p = os.fork()
if p == 0:
    os.kill(os.getpid(), signal.SIGABRT)
st = os.waitpid(p, 0)[1]
sys.exit(0 if os.WIFSIGNALED(st) and os.WCOREDUMP(st) else 1)' ||
	{ echo "skip: no core dump of SIGABRT here (core_pattern, limits)"; exit 77; }
rm -f "$tmp"/core*
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
proc:::exit
/execname == "'$name'"/
{
	printf("exit %s\n", args[0] == CLD_DUMPED ? "CLD_DUMPED" :
	    args[0] == CLD_KILLED ? "CLD_KILLED" :
	    args[0] == CLD_EXITED ? "CLD_EXITED" : lltostr(args[0]));
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
# $name started in the background with core limit $1, once it runs
start() {
	(ulimit -c "$1"; exec "$tmp/$name" 30) &
	p=$!
	i=0
	until [ "$(cat /proc/$p/comm 2>/dev/null)" = "$name" ] || [ $i -ge 400 ]; do
		sleep 0.02; i=$((i + 1))
	done
}
start unlimited
kill -ABRT $p
{ wait $p; } 2>/dev/null
echo "abrt: status $?"
waitfor "$tmp/trace" "exit .*"
start 0
kill -KILL $p
{ wait $p; } 2>/dev/null
echo "kill: status $?"
waitfor "$tmp/trace" "exit CLD_KILLED"
"$tmp/$name" 0
waitfor "$tmp/trace" "exit CLD_EXITED"
kill -INT $upid
wait $upid
echo "udtrace status $?"
upid=
grep -v '^$' "$tmp/trace"
rm -f "$tmp"/core*
cat "$tmp/err" >&2
