#!/bin/sh
# soak.sh — a long run under load: 8 threads of tests/targets/hammer.c
# call work() and fire the USDT probe hammer:tick on every call for
# SOAK_SECONDS (default 600) while udtrace, attached with -p, counts both
# probes. Checks, and prints one line each:
#   counts  udtrace's pid and USDT counts equal the target's own total of
#           calls (or udtrace reported drops, which then are shown);
#   checksum the target's checksum over every call's result is 0 (no
#           call saw a corrupted register or return value);
#   rss     udtrace's VmRSS sampled every 10 s: min, max and first/last,
#           flat when max - min stays small;
#   text    after udtrace detaches (SIGINT), the probed functions' bytes
#           in the live target equal the file (tests/lib/check-text.sh);
#   status  the target then exits 0 by itself.
# The last line is "soak: PASS" or "soak: FAIL (...)", exit 0 or 1.
#
# Usage: [SOAK_SECONDS=N] bench/soak.sh [BACKEND]  (ptrace or uprobe;
# default: udtrace's own choice). Needs `make all targets`. Not part of
# make check (it runs for ten minutes).
# Must not: leave anything running: the target is always told to exit and
# waited for, udtrace always stopped.
top=$(cd "$(dirname "$0")/.." && pwd)
U=${UDTRACE:-$top/build/udtrace}
T=$top/build/targets
secs=${SOAK_SECONDS:-600}
opts=${1:+-x backend=$1}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

waitfor() {	# $1 = file, $2 = line (a grep -x pattern), $3 = seconds
	i=0
	until grep -qx "$2" "$1" 2>/dev/null || [ $i -ge $(($3 * 10)) ]; do
		sleep 0.1; i=$((i + 1))
	done
}
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

mkfifo "$tmp/in"
"$T/hammer" "$secs" soak <"$tmp/in" >"$tmp/out" &
hpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $hpid" 10
"$U" $opts -q -p "$hpid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); }
pid$target:a.out:work:entry { @w = count(); }
hammer$target:::tick { @t = count(); }
END { printa("pid %@d\n", @w); printa("usdt %@d\n", @t); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready 30
printf g >&3
start=$(date +%s)
min= max= first= last= n=0
while ! grep -q '^checksum' "$tmp/out"; do
	r=$(rss $upid)
	[ -n "$r" ] || break
	[ -n "$first" ] || first=$r
	last=$r
	n=$((n + 1))
	[ -z "$min" ] || [ "$r" -lt "$min" ] && min=$r
	[ -z "$max" ] || [ "$r" -gt "$max" ] && max=$r
	i=0
	while [ $i -lt 100 ] && ! grep -q '^checksum' "$tmp/out"; do
		sleep 0.1; i=$((i + 1))
	done
done
elapsed=$(($(date +%s) - start))
kill -INT $upid 2>/dev/null
wait $upid
ust=$?
text=$(sh "$top/tests/lib/check-text.sh" "$hpid" "$T/hammer" work run 2>/dev/null | tr '\n' ' ')
printf q >&3
exec 3>&-
wait $hpid
hst=$?

calls=$(sed -n 's/^calls //p' "$tmp/out")
sum=$(sed -n 's/^checksum //p' "$tmp/out")
pidn=$(sed -n 's/^pid //p' "$tmp/trace")
usdtn=$(sed -n 's/^usdt //p' "$tmp/trace")
drops=$(grep -c 'drops' "$tmp/err")
fail=
echo "ran ${elapsed}s, backend ${1:-default}: target calls ${calls:-?}, udtrace pid ${pidn:-?}, usdt ${usdtn:-?}"
if [ -n "$calls" ] && [ "$pidn" = "$calls" ] && [ "$usdtn" = "$calls" ]; then
	echo "counts: exact"
elif [ "$drops" -gt 0 ]; then
	echo "counts: short by $((calls - ${pidn:-0})) pid, $((calls - ${usdtn:-0})) usdt; drops reported:"
	grep drops "$tmp/err" | sort | uniq -c | sed 's/^/  /'
else
	echo "counts: WRONG and no drops reported"; fail="$fail counts"
fi
[ "$sum" = 0 ] && echo "checksum: 0" || { echo "checksum: ${sum:-missing}"; fail="$fail checksum"; }
echo "rss ($n samples): min ${min:-?} kB, max ${max:-?} kB, first ${first:-?} kB, last ${last:-?} kB"
echo "text: $text"
case $text in *differs*|"") fail="$fail text" ;; esac
echo "status: udtrace $ust, target $hst"
[ "$ust" = 0 ] && [ "$hst" = 0 ] || fail="$fail status"
grep -v drops "$tmp/err" | sed 's/^/stderr: /'
if [ -z "$fail" ]; then
	echo "soak: PASS"
else
	echo "soak: FAIL ($fail )"
	exit 1
fi
