# proves: fp<shell pid>*:::tick fires in children the -c target forks after tracing began (no exec): 3 children x 4 ticks = 12 hits, from 3 distinct pids none the target's, execname forkp; the parent's own output is unchanged; on uprobes (and trampoline over them) through the file's sites, on ptrace by following the target's fork children
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
# a provider of its own (fp and the shell pid in letters): the run on the
# other backend, at the same time, must not see this one's processes
prov=fp$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/forkp.c"
gcc -O2 -g -o "$tmp/forkp" "$tmp/forkp.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "$prov"'*:::tick /pid != $target/ { @n[execname] = count(); @p[pid] = count(); } END { printa("%s %@d\n", @n); printa("child %@d\n", @p); }' -c "$tmp/forkp" 2>"$tmp/err"
echo "status $?"
# the ptrace backend's notice is ptrace-limit's concern
sed "/traces only the processes running now/d" "$tmp/err" >&2
grep -v '^$' "$tmp/trace"
