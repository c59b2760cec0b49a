# proves: a child forked after tracing began, by a process a provider glob named, is covered (its 3 ticks counted) and, when udtrace is then killed with SIGKILL, keeps nothing of udtrace's: its probe site holds its nop again (the watchdog knew the child's copies of the int3s on ptrace; the kernel's uprobes go with their fds) and it fires on, untraced, and exits 0, as does its parent
# The target is compiled here with a provider of its own (fk and the shell
# pid in letters), so tests running at the same time see none of it.
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill $ppid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/fk.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
/* parent: 'f' on stdin forks a child that obeys the fifo argv[1]: 'r' fires 3 ticks */
int main(int argc, char **argv)
{
	char c;
	(void)argc;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	while (read(0, &c, 1) == 1 && c == 'f') {
		pid_t p = fork();
		if (p == 0) {
			printf("child %d\n", (int)getpid());
			fflush(stdout);
			int fd = open(argv[1], O_RDONLY);
			while (read(fd, &c, 1) == 1 && c == 'r') {
				for (int i = 0; i < 3; i++)
					work(i);
				printf("fired\n");
				fflush(stdout);
			}
			_exit(0);
		}
		int st;
		waitpid(p, &st, 0);
		printf("child status %d\n", WEXITSTATUS(st));
		fflush(stdout);
	}
	return 0;
}
C
prov=fk$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/fk.c"
gcc -O2 -g -o "$tmp/fk" "$tmp/fk.c" || exit 1
mkfifo "$tmp/in" "$tmp/cin"
"$tmp/fk" "$tmp/cin" <"$tmp/in" >"$tmp/out" &
ppid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $ppid"
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { @ = count(); } tick-50ms { printa("ticks %@d\n", @); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf f >&3
waitfor "$tmp/out" "child [0-9]+"
cpid=$(sed -n 's/^child \([0-9]*\)$/\1/p' "$tmp/out")
[ -n "$cpid" ] || { echo "no child"; exit 1; }
exec 4>"$tmp/cin"
printf r >&4
waitfor "$tmp/out" fired
waitfor "$tmp/trace" "ticks 3"
echo "traced: site $(sh "$lib/usdt-site.sh" "$cpid" "$tmp/fk" "$prov" tick)"
{ kill -9 "$upid"; wait "$upid"; } 2>/dev/null
echo "udtrace status $?"
upid=
# the watchdog restores soon after: poll, bounded at 5 s
i=0
until [ "$(sh "$lib/usdt-site.sh" "$cpid" "$tmp/fk" "$prov" tick 2>/dev/null)" = 90 ] || [ $i -ge 250 ]; do
	sleep 0.02; i=$((i + 1))
done
echo "child after: site $(sh "$lib/usdt-site.sh" "$cpid" "$tmp/fk" "$prov" tick)"
printf r >&4
exec 4>&-
printf q >&3
exec 3>&-
wait "$ppid"
echo "parent status $?"
ppid=
sed "s/^pid $ppid\$/pid PARENT/; s/^child [0-9]*\$/child CHILD/" "$tmp/out" | sed '1s/.*/pid PARENT/'
grep -q "ticks 3" "$tmp/trace" && echo "counted 3"
sed "/traces only the processes running now/d" "$tmp/err" >&2
