# proves: with the uprobe backend (and trampoline over it), PROV*:::tick fires in children the -c target forks after tracing began (no exec): 3 children x 4 ticks = 12 hits, from 3 distinct pids none the target's, execname forkp; the parent's own output is unchanged
# Skipped on ptrace: its backend does not follow fork children (issue 13).
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend does not follow fork children yet"; exit 77 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/forkp.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	for (int c = 0; c < 3; c++) {
		pid_t p = fork();
		if (p == 0) {
			for (int i = 0; i < 4; i++)
				work(i);
			usleep(200000);   /* alive while its execname is read */
			_exit(0);
		}
		waitpid(p, NULL, 0);
	}
	printf("parent done\n");
	return 0;
}
C
# a provider of this run's own: the runs of this test on the other
# backends, at the same time, must not see each other's children
prov=fk$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/forkp.c"
gcc -O2 -g -o "$tmp/forkp" "$tmp/forkp.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "$prov"'*:::tick /pid != $target/ { @n[execname] = count(); @p[pid] = count(); } END { printa("%s %@d\n", @n); printa("child %@d\n", @p); }' -c "$tmp/forkp"
echo "status $?"
grep -v '^$' "$tmp/trace"
