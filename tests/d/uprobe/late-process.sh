# proves: with the uprobe backend a system-wide USDT description (latep*:::tick) attaches to the file, so two processes started after tracing began both fire (counted per pid, execname from /proc), the kernel raises the semaphore of a process already running and puts it back to 0 when udtrace exits
# A seed process maps the probe's file before udtrace starts (so the
# description can name the file) and stays up to have its semaphore read;
# the two late processes fire only when their semaphore is set, so their
# counts also prove the kernel raised it in processes that did not exist
# at start-up. Must not: sleep for fixed times (every wait polls, 8 s max).
tmp=$(mktemp -d) || exit 1
trap 'kill $seed $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/late.c" <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
__extension__ unsigned short latep_tick_semaphore
    __attribute__((unused, section(".probes")));
int main(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] == 'w') {   /* the seed: wait to be read */
		printf("pid %d sem %lu\n", (int)getpid(),
		    (unsigned long)&latep_tick_semaphore);
		fflush(stdout);
		for (;;)
			pause();
	}
	int n = argc > 1 ? atoi(argv[1]) : 1, fired = 0;
	for (int i = 0; i < n; i++)
		if (latep_tick_semaphore) {
			STAP_PROBE1(latep, tick, i);
			fired++;
		}
	/*
	 * Live a moment after firing: with the uprobe backend a system-wide
	 * hit's execname is read from /proc while the process exists, and a
	 * slow tracer (the sanitizer build) reads it some milliseconds late.
	 */
	usleep(300000);
	printf("fired %d\n", fired);
	return 0;
}
C
gcc -O2 -o "$tmp/late" "$tmp/late.c" || exit 1

. ../../lib/waitfor.sh
sem() {	# $1 = pid, $2 = address: the unsigned short there
	dd if="/proc/$1/mem" iflag=skip_bytes,count_bytes skip="$2" count=2 \
	    bs=2 2>/dev/null | od -An -tu2 | tr -d ' '
}

# until src/backend/uprobe.c is in the build, say so instead of failing
if "$UDTRACE" -x backend=uprobe -q -n 'BEGIN { exit(0); }' -c /bin/true 2>&1 |
    grep -q "backend not available"; then
	echo "skip: uprobe backend not built"
	exit 77
fi
"$tmp/late" w >"$tmp/seed" &
seed=$!
waitfor "$tmp/seed" "pid $seed sem [0-9]+"
addr=$(sed -n 's/^pid [0-9]* sem //p' "$tmp/seed")
echo "seed semaphore before: $(sem $seed $addr)"

"$UDTRACE" -x backend=uprobe -Z -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
latep*:::tick { @[execname, pid] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
echo "seed semaphore while tracing: $(sem $seed $addr)"

(cd "$tmp" && ./late 5 >b.out) & b=$!
wait $b
(cd "$tmp" && ./late 7 >c.out) & c=$!
wait $c
echo "late processes: $(cat "$tmp/b.out"), $(cat "$tmp/c.out")"

kill -INT $upid
wait $upid
echo "udtrace status $?"
# one line per process: execname, pid, count; pids by role
awk -v b=$b -v c=$c -v s=$seed 'NF == 3 {
	who = $2 == b ? "B" : $2 == c ? "C" : $2 == s ? "seed" : "other"
	print $1, who, $3 }' "$tmp/trace" | sort
cat "$tmp/err" >&2
echo "seed semaphore after: $(sem $seed $addr)"
