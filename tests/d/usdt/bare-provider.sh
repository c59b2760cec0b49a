# proves: a USDT provider named with no pid and no glob (barep:::tick) matches that provider in every process, as DTrace keeps such an enabling: -l lists the running process's probe, and that process, which udtrace neither started nor was given (no -p, no -c), fires its 6 ticks under its per-process provider name
# The target is compiled here with a provider of its own (bp and the shell pid in letters),
# so tests running at the same time, this one on the other backend
# included, neither see nor are grabbed by this one.
. ../../lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
trap 'kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/barep.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	char c;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	while (read(0, &c, 1) == 1 && c == 'r') {
		for (int i = 0; i < 6; i++)
			work(i);
		printf("fired 6\n");
		fflush(stdout);
	}
	return 0;
}
C
prov=bp$(echo $$ | tr 0-9 a-j)   # no trailing digits: those would be a pid
sed -i "s/PROVNAME/$prov/" "$tmp/barep.c"
gcc -O2 -g -o "$tmp/barep" "$tmp/barep.c" || exit 1
mkfifo "$tmp/in"
"$tmp/barep" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
"$UDTRACE" $UDTRACE_OPTS -l -n "$prov:::tick" >"$tmp/list" 2>&1
echo "list status $?"
sed "s/^\( *[0-9]* *\)$prov$tpid /\1barepPID /; s/ $prov / barep /" "$tmp/list" | awk '$2 == "barepPID" { print $2, $3, $4, $5 }'
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"':::tick { @[probeprov == strjoin("'"$prov"'", lltostr(pid)) ? "per-process" : probeprov, pid == $1] = count(); }' "$tpid" 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf r >&3
waitfor "$tmp/out" "fired 6"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
cat "$tmp/trace"
# the ptrace backend's warning is tests/d/usdt/ptrace-limit's concern
grep -v "traces only the processes running now" "$tmp/err" >&2
exec 3>&-
wait "$tpid"
echo "barep status $?"
