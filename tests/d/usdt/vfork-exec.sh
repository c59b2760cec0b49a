# proves: prov*:::tick follows children a -c target starts with posix_spawn (clone with CLONE_VFORK, then exec) and with vfork+execv, on every backend: each exec'd child's 4 ticks are counted under its own execname and pid (2 children, 8 hits, the parent's 3+3 its own); and a vfork child that runs the parent's probed code without exec (on the parent's memory, int3s included) computes right and leaves the parent's probes working
# timeout: 40
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/vfp.c" <<'C'
#include <sys/sdt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
extern char **environ;
static __attribute__((noinline)) int work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
	return i * 3;
}
int main(int argc, char **argv)
{
	pid_t p;
	int st, sum = 0;
	char *cargv[] = { argv[1], NULL };
	(void)argc;
	for (int i = 0; i < 3; i++)
		sum += work(i);
	/* glibc's posix_spawn: clone(CLONE_VM | CLONE_VFORK), then exec */
	if (posix_spawn(&p, argv[1], NULL, NULL, cargv, environ) != 0)
		return 1;
	waitpid(p, &st, 0);
	printf("spawned child status %d\n", WEXITSTATUS(st));
	if ((p = vfork()) == 0) {
		execv(argv[1], cargv);
		_exit(127);
	}
	waitpid(p, &st, 0);
	printf("vfork+exec child status %d\n", WEXITSTATUS(st));
	/* no exec: the child runs work() on our memory, through our int3s */
	if ((p = vfork()) == 0)
		_exit(work(5) + work(6) == 33 ? 7 : 8);
	waitpid(p, &st, 0);
	printf("vfork child status %d\n", WEXITSTATUS(st));
	for (int i = 0; i < 3; i++)
		sum += work(i);
	printf("parent sum %d\n", sum);
	return 0;
}
C
cat >"$tmp/vfc.c" <<'C'
#include <sys/sdt.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	usleep(200000);   /* the uprobe backend arms a new program within ms */
	for (int i = 0; i < 4; i++)
		work(i);
	usleep(200000);   /* alive while its execname is read */
	return 0;
}
C
# a provider of its own (vf and the shell pid in letters): the run on
# another backend at the same time must not see this one's processes
prov=vf$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/vfp.c" "$tmp/vfc.c"
gcc -O2 -g -o "$tmp/vfp" "$tmp/vfp.c" || exit 1
gcc -O2 -g -o "$tmp/vfc" "$tmp/vfc.c" || exit 1
# the vfork child that does not exec (ticks 5 and 6): whether and as whom
# its ticks fire differs by backend (a uprobe sees its own pid, ptrace's
# int3s stay silent in it, a trampoline records its parent's thread), so
# it is left out of the counts
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "$prov"'*:::tick /(pid == $target && arg0 < 5) || execname == "vfc"/ { @n[execname] = count(); @p[pid] = count(); } END { printa("%s %@d\n", @n); printa("pid %@d\n", @p); }' -c "$tmp/vfp $tmp/vfc" 2>"$tmp/err"
echo "status $?"
sed "/traces only the processes running now/d" "$tmp/err" >&2
grep -v '^$' "$tmp/trace" | sort
