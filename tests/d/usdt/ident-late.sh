# proves: execname, ppid, uid and gid are right for the USDT hits of a program udtrace did not start (run after it from the test's shell under uid 2001, gid 1001) and of its fork child, when both are gone before udtrace reads their hits (udtrace is stopped from before the hits until the program has exited and been reaped): the uprobe backend's watch reads the program's ids while it holds the program at its mapping, and the fork child starts with its parent's; skipped on ptrace, which cannot see programs started later (ptrace-limit says so)
# timeout: 40
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill -CONT $upid 2>/dev/null; kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/late.c" <<'C'
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
	work(0);
	waitpid(p, NULL, 0);
	return 0;
}
C
# a provider (and file) of this run's own: no other process maps it
prov=il$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/g" "$tmp/late.c"
gcc -O2 -g -o "$tmp/late" "$tmp/late.c" || exit 1
chmod 755 "$tmp"
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { printf("%s tick %d: ppid %s, uid %d, gid %d\n", execname, arg0, ppid == arg1 ? "right" : lltostr(ppid), uid, gid); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
mkfifo -m 666 "$tmp/in"
setpriv --reuid=2001 --regid=1001 --clear-groups "$tmp/late" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
# armed once the kernel's uprobe is in its text, and on every CPU (see late-exec)
i=0
until [ "$(sh "$lib/usdt-site.sh" "$tpid" "$tmp/late" "$prov" tick 2>/dev/null)" = cc ] || [ $i -ge 500 ]; do
	sleep 0.02; i=$((i + 1))
done
sleep 0.5
# udtrace stopped: it reads the hits after the program and its child are gone
kill -STOP "$upid"
i=0
until [ "$(sed 's/.*) //' "/proc/$upid/stat" | cut -c1)" = T ] || [ $i -ge 500 ]; do
	sleep 0.01; i=$((i + 1))
done
printf r >&3
exec 3>&-
wait "$tpid"
echo "late status $?"
tpid=
kill -CONT "$upid"
waitfor "$tmp/trace" "late tick 1: .*"
waitfor "$tmp/trace" "late tick 0: .*"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
grep -v '^$' "$tmp/trace" | sort
cat "$tmp/err" >&2
