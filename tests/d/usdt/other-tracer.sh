# proves: a process that another tracer already ptraces (started under strace -f) is still seen by a provider glob on uprobes, which need no attach: its 6 ticks are counted with its own pid and execname, udtrace says nothing about the attach it could not make, and the program and strace end normally; skipped on ptrace, which must attach and cannot (the kernel allows one tracer)
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot attach to a process another tracer holds"; exit 77 ;;
esac
command -v strace >/dev/null || { echo "skip: strace not installed"; exit 77; }
. ../../lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
trap 'kill $spid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/ot.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	char c;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	while (read(0, &c, 1) == 1 && c == 'r') {
		for (int i = 0; i < 6; i++)
			work(i);
		printf("fired 6\n");
		fflush(stdout);
	}
	return 0;
}
C
# a provider of this run's own: no other test's process is named
prov=ot$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/ot.c"
gcc -O2 -g -o "$tmp/ot" "$tmp/ot.c" || exit 1
mkfifo "$tmp/in"
strace -f -q -o "$tmp/strace" "$tmp/ot" <"$tmp/in" >"$tmp/out" &
spid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid [0-9]+"
tpid=$(sed -n 's/^pid //p' "$tmp/out")
echo "traced by strace: $([ "$(sed -n 's/^TracerPid:\s*//p' /proc/$tpid/status)" = "$spid" ] && echo yes)"
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { @[execname, pid == $1] = count(); }' "$tpid" 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf r >&3
waitfor "$tmp/out" "fired 6"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
cat "$tmp/trace"
cat "$tmp/err" >&2
exec 3>&-
wait "$spid"
echo "strace status $?"
spid=
grep -c 'read(0,' "$tmp/strace" | sed 's/^/strace saw reads: /'
