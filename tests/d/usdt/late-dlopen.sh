# proves: a library with the provider, dlopen'ed by a program started after udtrace (neither mapped by any process when tracing began), is covered by a provider glob on uprobes: its sites are added as the kernel reports the library's mapping, its 4 ticks counted with the library as module and the program's execname; the library's site holds its nop again after udtrace ends while the program runs on; skipped on ptrace, which cannot see programs started later
# timeout: 40
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/waitfor.sh
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'kill $tpid $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/plug.c" <<'C'
#include <sys/sdt.h>
__attribute__((noinline)) void plug_work(int n)
{
	for (int i = 0; i < n; i++)
		STAP_PROBE1(PROVNAME, tick, i);
}
C
cat >"$tmp/host.c" <<'C'
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	char c;
	void (*work)(int) = NULL;
	(void)argc;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	while (read(0, &c, 1) == 1) {
		if (c == 'o') {
			void *h = dlopen(argv[1], RTLD_NOW);
			work = h ? (void (*)(int))dlsym(h, "plug_work") : NULL;
			printf("opened %s\n", work ? "yes" : dlerror());
		} else if (c == 'r' && work) {
			work(4);
			printf("fired 4\n");
		}
		fflush(stdout);
	}
	return 0;
}
C
# a provider (and library) of this run's own: no other process maps it
prov=ld$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/plug.c"
gcc -O2 -g -shared -fPIC -o "$tmp/libplug.so" "$tmp/plug.c" || exit 1
gcc -O2 -g -o "$tmp/host" "$tmp/host.c" -ldl || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::tick { @[execname, probemod, probefunc] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
mkfifo "$tmp/in"
"$tmp/host" "$tmp/libplug.so" <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
printf o >&3
waitfor "$tmp/out" "opened yes"
# armed once the kernel's uprobe is in the library's text (bounded at
# 10 s: the arming window is measured in the README, not here)
i=0
until [ "$(sh "$lib/usdt-site.sh" "$tpid" "$tmp/libplug.so" "$prov" tick 2>/dev/null)" = cc ] || [ $i -ge 500 ]; do
	sleep 0.02; i=$((i + 1))
done
# the int3 is in once the first CPU's event is open; a hit on a CPU whose
# event udtrace has not opened yet is lost (part of the arming window):
# leave it the time to open the others, even on a loaded machine
sleep 0.5
echo "armed: site $(sh "$lib/usdt-site.sh" "$tpid" "$tmp/libplug.so" "$prov" tick)"
printf r >&3
waitfor "$tmp/out" "fired 4"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
cat "$tmp/trace"
cat "$tmp/err" >&2
echo "after: site $(sh "$lib/usdt-site.sh" "$tpid" "$tmp/libplug.so" "$prov" tick)"
printf r >&3
waitfor "$tmp/out" "fired 4"
exec 3>&-
wait "$tpid"
echo "host status $?"
tpid=
sed 1d "$tmp/out"
