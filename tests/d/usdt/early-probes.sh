# proves: a program started after udtrace, whose file no process mapped when tracing began, has the probes it fires at once counted on uprobes and trampolines: its constructor's (before main) and main's first statement, for 4 dynamic programs and a static one (each a new file, so each is the first mapping of its file). A library dlopen'ed by such a program is not in this test: its first hits are missed in about 1 run of 10 (README, "Arming window"; late-dlopen.sh checks that its probes are armed)
# timeout: 60
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
trap 'kill $upid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/early.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
__attribute__((constructor)) static void ctor(void)
{
	STAP_PROBE(PROVNAME, ctor);
}
int main(int argc, char **argv)
{
	STAP_PROBE(PROVNAME, first);
	printf("%s done\n", argv[0][0] == '/' ? "early" : argv[0]);
	return 3;
}
C
# a provider (and files) of this run's own: no other process maps them
prov=ep$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/early.c"
gcc -O2 -o "$tmp/early" "$tmp/early.c" || exit 1
gcc -O2 -static -o "$tmp/static" "$tmp/early.c" 2>/dev/null || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::ctor, '"$prov"'*:::first { @[execname, probename] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
# each run is a file's first mapping: a copy made now has a new inode
for n in 1 2 3 4; do
	cp "$tmp/early" "$tmp/dyn$n"
	(cd "$tmp" && ./dyn$n)
	echo "dyn$n status $?"
done
cp "$tmp/static" "$tmp/stat1"
(cd "$tmp" && ./stat1)
echo "stat1 status $?"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
sort "$tmp/trace"
cat "$tmp/err" >&2
