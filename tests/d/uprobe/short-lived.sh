# proves: with the uprobe backend a system-wide USDT hit (shortp*:::tick) prints the execname its process had at the hit even when the process is gone before udtrace runs the hit: names come from the kernel's exec, rename and fork records, in time order with the hits, not from /proc
# timeout: 60
# udtrace is held with SIGSTOP while three processes, started after
# tracing began, fire and exit, so every hit is processed after its
# process (and its /proc directory) is gone: B exec'd as "short" fires 3
# times; C forks a child that fires 2 times under the name it inherited;
# D fires once as "short", renames itself "renamed" (prctl) and fires 4
# times. A seed process maps the file before udtrace starts, so the
# description can name it. Must not: sleep for fixed times (waits poll).
tmp=$(mktemp -d) || exit 1
trap 'kill -CONT $upid 2>/dev/null; kill $seed $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/short.c" <<'C'
#define _GNU_SOURCE
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
__extension__ unsigned short shortp_tick_semaphore
    __attribute__((unused, section(".probes")));
static int fire(int n)
{
	int fired = 0;
	for (int i = 0; i < n; i++)
		if (shortp_tick_semaphore) {
			STAP_PROBE1(shortp, tick, i);
			fired++;
		}
	return fired;
}
int main(int argc, char **argv)
{
	char how = argc > 1 ? argv[1][0] : 'n';
	int fired = 0, st;
	pid_t c;
	switch (how) {
	case 'w':	/* the seed: keep the file mapped */
		printf("seed %d\n", (int)getpid());
		fflush(stdout);
		for (;;)
			pause();
	case 'f':	/* a fork child fires under the inherited name */
		if ((c = fork()) == 0)
			_exit(fire(2) == 2 ? 0 : 1);
		waitpid(c, &st, 0);
		printf("child %d fired %s\n", (int)c,
		    WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "2" : "?");
		return 0;
	case 'r':	/* renamed between hits */
		fired = fire(1);
		prctl(PR_SET_NAME, "renamed");
		fired += fire(4);
		break;
	default:
		fired = fire(3);
	}
	printf("fired %d\n", fired);
	return 0;
}
C
gcc -O2 -o "$tmp/short" "$tmp/short.c" || exit 1

. ../../lib/waitfor.sh

if "$UDTRACE" -x backend=uprobe -q -n 'BEGIN { exit(0); }' -c /bin/true 2>&1 |
    grep -q "backend not available"; then
	echo "skip: uprobe backend not built"
	exit 77
fi
"$tmp/short" w >"$tmp/seed" &
seed=$!
waitfor "$tmp/seed" "seed $seed"

"$UDTRACE" -x backend=uprobe -Z -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
shortp*:::tick { @[execname, pid] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
kill -STOP $upid

(cd "$tmp" && exec ./short 3 >b.out) & b=$!
wait $b
(cd "$tmp" && exec ./short f >c.out) & c=$!
wait $c
(cd "$tmp" && exec ./short r >d.out) & d=$!
wait $d
child=$(sed -n 's/^child \([0-9]*\) .*/\1/p' "$tmp/c.out")
echo "late processes: $(cat "$tmp/b.out"), $(sed 's/child [0-9]*/child/' "$tmp/c.out"), $(cat "$tmp/d.out")"
for p in $b $c $d $child; do
	[ -d /proc/$p ] && echo "process $p still exists"
done

kill -CONT $upid
kill -INT $upid
wait $upid
echo "udtrace status $?"
# one line per (execname, process): pids by role
awk -v b=$b -v ch="$child" -v d=$d -v s=$seed '$NF ~ /^[0-9]+$/ {
	pid = $(NF - 1); name = NF == 3 ? $1 : "(empty)"
	who = pid == b ? "B" : pid == ch ? "C-child" : pid == d ? "D" : pid == s ? "seed" : "other"
	print name, who, $NF }' "$tmp/trace" | sort
cat "$tmp/err" >&2
