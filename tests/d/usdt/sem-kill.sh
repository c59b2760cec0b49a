# proves: when udtrace is killed with SIGKILL, a traced process's USDT semaphore goes back to 0 (the ptrace backend's increment through the watchdog's mirror, a uprobe's through the kernel's ref_ctr as its event closes), so no is-enabled guard stays open; the program runs on, its guard closed, and exits 0
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/sk.c" <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdio.h>
#include <unistd.h>
__extension__ unsigned short PROVNAME_tick_semaphore __attribute__((unused))
    __attribute__((section(".probes")));
static __attribute__((noinline)) void work(int i)
{
	if (PROVNAME_tick_semaphore)
		STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	char c;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	while (read(0, &c, 1) == 1 && c == 'r') {
		for (int i = 0; i < 3; i++)
			work(i);
		printf("guard %s\n", PROVNAME_tick_semaphore ? "open" : "closed");
		fflush(stdout);
	}
	return 0;
}
C
# a provider of this run's own: no other test's process is named
prov=sk$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/g" "$tmp/sk.c"
gcc -O2 -g -o "$tmp/sk" "$tmp/sk.c" || exit 1
mkfifo "$tmp/in"
"$tmp/sk" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'$target:::tick { @ = count(); } tick-50ms { printa("ticks %@d\n", @); }' -p "$tpid" 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf r >&3
waitfor "$tmp/out" "guard open"
waitfor "$tmp/trace" "ticks 3"
echo "traced: semaphore $(sh "$lib/usdt-sem.sh" "$tpid" "$tmp/sk" "$prov" tick)"
{ kill -9 "$upid"; wait "$upid"; } 2>/dev/null
echo "udtrace status $?"
upid=
# the watchdog (ptrace) or the kernel (uprobe) soon after: poll, bounded at 5 s
i=0
until [ "$(sh "$lib/usdt-sem.sh" "$tpid" "$tmp/sk" "$prov" tick 2>/dev/null)" = 0 ] || [ $i -ge 250 ]; do
	sleep 0.02; i=$((i + 1))
done
echo "after: semaphore $(sh "$lib/usdt-sem.sh" "$tpid" "$tmp/sk" "$prov" tick)"
printf r >&3
exec 3>&-
wait "$tpid"
echo "sk status $?"
tpid=
sed 1d "$tmp/out"
grep -q "ticks 3" "$tmp/trace" && echo "counted 3"
cat "$tmp/err" >&2
