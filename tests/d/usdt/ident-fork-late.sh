# proves: a fork child of a process udtrace neither traces nor holds (it runs under strace -f, started before udtrace, under uid 2001 and gid 1001: udtrace cannot attach to it, its file was armed at start-up, so the watch never read its ids) shows its own uid and gid, not 0, when it is gone before udtrace reads its hit (udtrace is stopped from before the fork until the child has exited and been reaped): the FORK record's child takes its ids from /proc then, the child's or else its parent's; skipped on ptrace, which cannot see processes it does not trace
# timeout: 40
command -v strace >/dev/null || { echo "skip: strace not installed"; exit 77; }
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see processes it does not trace"; exit 77 ;;
esac
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill -CONT $upid 2>/dev/null; kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/early.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static volatile int sink;
/* room around the site: the trampoline backend patches it with a jump */
static __attribute__((noinline)) void work(int i)
{
	sink += i;
	STAP_PROBE2(PROVNAME, tick, i, getppid());
	sink += i * 3;
	sink ^= i;
}
int main(void)
{
	char c;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	if (read(0, &c, 1) != 1)
		return 1;
	pid_t p = fork();
	if (p == 0) {
		work(1);
		_exit(0);
	}
	waitpid(p, NULL, 0);
	printf("child reaped\n");
	fflush(stdout);
	/* alive until udtrace has read the child's hit */
	if (read(0, &c, 1) != 1)
		return 1;
	return 0;
}
C
# a provider (and file) of this run's own: no other process maps it
prov=if$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/g" "$tmp/early.c"
gcc -O2 -g -o "$tmp/early" "$tmp/early.c" || exit 1
chmod 755 "$tmp"
mkfifo -m 666 "$tmp/in"
# under another tracer: udtrace can neither attach to it nor hold it
strace -f -o /dev/null setpriv --reuid=2001 --regid=1001 --clear-groups "$tmp/early" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid [0-9]+"
epid=$(sed -n 's/^pid //p' "$tmp/out")
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { printf("%s tick %d: ppid %s, uid %d, gid %d\n", execname, arg0, ppid == arg1 ? "right" : lltostr(ppid), uid, gid); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
# armed once the kernel's uprobe is in its text, and on every CPU (see late-exec)
i=0
until [ "$(sh "$lib/usdt-site.sh" "$epid" "$tmp/early" "$prov" tick 2>/dev/null)" = cc ] || [ $i -ge 500 ]; do
	sleep 0.02; i=$((i + 1))
done
sleep 0.5
# udtrace stopped: it reads the child's hit after the child is gone
kill -STOP "$upid"
i=0
until [ "$(sed 's/.*) //' "/proc/$upid/stat" | cut -c1)" = T ] || [ $i -ge 500 ]; do
	sleep 0.01; i=$((i + 1))
done
printf r >&3
waitfor "$tmp/out" "child reaped"
kill -CONT "$upid"
waitfor "$tmp/trace" "early tick 1: .*"
printf r >&3
exec 3>&-
wait "$tpid"
echo "strace status $?"
tpid=
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
grep -v '^$' "$tmp/trace"
cat "$tmp/err" >&2
