# proves: a program started after udtrace, whose file no process mapped when tracing began, is covered by a provider glob on uprobes: its file's sites are added as the kernel reports the new mapping (no poll), its semaphore is raised while traced (the is-enabled guard opens) and back to 0 after udtrace ends with the program still running; 6 ticks counted with its execname under its provider name (no pid suffix: a file-wide probe); skipped on ptrace, which cannot see programs started later (ptrace-limit says so)
# timeout: 40
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/late.c" <<'C'
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
		for (int i = 0; i < 6; i++)
			work(i);
		printf("fired %d\n", PROVNAME_tick_semaphore ? 6 : 0);
		fflush(stdout);
	}
	return 0;
}
C
# a provider (and file) of this run's own: no other process maps it
prov=lt$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/g" "$tmp/late.c"
gcc -O2 -g -o "$tmp/late" "$tmp/late.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { @[execname, probeprov == "'"$prov"'"] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
mkfifo "$tmp/in"
"$tmp/late" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
# armed once the kernel's uprobe is in its text (bounded at 10 s: the
# arming window is measured in the README, not here)
i=0
until [ "$(sh "$lib/usdt-site.sh" "$tpid" "$tmp/late" "$prov" tick 2>/dev/null)" = cc ] || [ $i -ge 500 ]; do
	sleep 0.02; i=$((i + 1))
done
# the int3 is in once the first CPU's event is open; a hit on a CPU whose
# event udtrace has not opened yet is lost (part of the arming window):
# leave it the time to open the others, even on a loaded machine
sleep 0.5
echo "armed: site $(sh "$lib/usdt-site.sh" "$tpid" "$tmp/late" "$prov" tick)" \
    "semaphore $(sh "$lib/usdt-sem.sh" "$tpid" "$tmp/late" "$prov" tick)"
printf r >&3
waitfor "$tmp/out" "fired 6"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
cat "$tmp/trace"
cat "$tmp/err" >&2
echo "after: site $(sh "$lib/usdt-site.sh" "$tpid" "$tmp/late" "$prov" tick)" \
    "semaphore $(sh "$lib/usdt-sem.sh" "$tpid" "$tmp/late" "$prov" tick)"
printf r >&3
exec 3>&-
wait "$tpid"
echo "late status $?"
tpid=
sed 1d "$tmp/out"
