# proves: a target that dies of SIGABRT with a core dump fires proc:::exit with CLD_DUMPED as args[0], not CLD_KILLED (skipped where the kernel writes no core for it)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nulimit -c unlimited\nkill -ABRT $$\n' >"$tmp/dump"
chmod +x "$tmp/dump"
cd "$tmp" || exit 1
# untraced first: does this machine dump it (core_pattern, limits)?
python3 -c '
import os, sys
p = os.fork()
if p == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
st = os.waitpid(p, 0)[1]
sys.exit(0 if os.WIFSIGNALED(st) and os.WCOREDUMP(st) else 1)' "$tmp/dump" ||
	{ echo "skip: no core dump of SIGABRT here (core_pattern, limits)"; exit 77; }
rm -f "$tmp"/core*
"$UDTRACE" $UDTRACE_OPTS -q -n '
proc:::exit
{
	printf("exit: target %d reason %d (CLD_DUMPED %d)\n", pid == $target,
	    args[0], args[0] == CLD_DUMPED);
}' -c "$tmp/dump"
echo "udtrace status $?"
