# proves: execname, ppid, uid and gid are right for every hit of a USDT probe (provider glob) in short-lived workers forked by children of a -c target, which change their ids (setgid 1000+k, setuid 2000+k), fire 2 ticks each and exit, and are reaped while udtrace is stopped, so udtrace reads their hits after they are gone unless it holds their exit until it has (it follows them when the program reads ppid/uid/gid, on the trampoline backend too, whose fork children hold copies of the parent's trampolines): each line has the worker's own ids and the parent it saw itself, and progenyof($target) is 1 for the workers, the target's grandchildren (the walk goes past the parent); and the target's own tick and one of each child (uid 0, gid 0) are each their own process's
# timeout: 40
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/idp.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <sys/wait.h>
#include <signal.h>
#include <string.h>
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
/* udtrace stopped, or running again */
static void tracer(pid_t u, int stop)
{
	char path[64], st[256];
	kill(u, stop ? SIGSTOP : SIGCONT);
	snprintf(path, sizeof path, "/proc/%d/stat", (int)u);
	for (int i = 0; stop && i < 1000; i++) {
		FILE *f = fopen(path, "r");
		char *c = f && fgets(st, sizeof st, f) ? strrchr(st, ')') : NULL;
		if (f)
			fclose(f);
		if (c && c[2] == 'T')
			return;
		usleep(1000);
	}
}
/*
 * A child forks k's worker, which changes its ids, ticks twice and
 * exits; the child reaps it while udtrace is stopped (from before the
 * ticks until 300 ms after them), so udtrace reads the ticks after the
 * worker is gone unless it holds the worker's exit until it has. The
 * reaper is a child of the target, not the target: a traced process's
 * SIGCHLD waits for udtrace.
 */
static void reaper(pid_t u, int k)
{
	int go[2];
	char c = 0;
	siginfo_t si;
	work(10 + k);   /* its own tick, not its parent's (a copied trampoline) */
	if (pipe(go) != 0)
		_exit(1);
	pid_t p = fork();
	if (p == 0) {
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		if (setgid(1000 + k) != 0 || setuid(2000 + k) != 0)
			_exit(1);
		work(k);
		work(k);
		_exit(0);   /* gone a few microseconds after its ticks */
	}
	tracer(u, 1);
	if (write(go[1], &c, 1) != 1)
		_exit(1);
	for (int i = 0; i < 300; i++) {
		si.si_pid = 0;
		if (waitid(P_PID, p, &si, WEXITED | WNOHANG) == 0 &&
		    si.si_pid == p)
			break;
		usleep(1000);
	}
	tracer(u, 0);
	if (si.si_pid != p)
		waitpid(p, NULL, 0);
	_exit(0);
}
int main(void)
{
	pid_t u = getppid();
	usleep(200000);   /* the uprobe backend arms a new program within ms */
	work(0);
	for (int k = 1; k <= 3; k++) {
		pid_t p = fork();
		if (p == 0)
			reaper(u, k);
		waitpid(p, NULL, 0);
	}
	printf("parent done\n");
	return 0;
}
C
prov=id$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/idp.c"
gcc -O2 -g -o "$tmp/idp" "$tmp/idp.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "$prov"'*:::tick { printf("%s tick %d: %s, ppid %s, uid %d, gid %d, progenyof(target) %d\n", execname, arg0, pid == $target ? "target" : "worker", ppid == arg1 ? "right" : lltostr(ppid), uid, gid, progenyof($target)); }' -c "$tmp/idp" 2>"$tmp/err" &
upid=$!
wait $upid
echo "status $?"
sed "/traces only the processes running now/d" "$tmp/err" >&2
grep -v '^$' "$tmp/trace"
