# proves: with the permission (root here) the default backend is the trampoline: main's entry becomes a jump and work's (lea; ret, with no padding after it) falls back to a uprobe, as -v says site by site (so the tracer holds perf events too); -x backend=uprobe plants uprobes only (no such line), -x backend=ptrace holds no perf event, and all three give the same trace
. ../../lib/nostab.sh
perf_fds() {
	n=0
	for f in /proc/$1/fd/*; do
		case $(readlink "$f" 2>/dev/null) in *perf_event*) n=$((n + 1)) ;; esac
	done
	echo "$n"
}
for opt in "" "-x backend=uprobe" "-x backend=ptrace"; do
	tmp=$(mktemp -d) || exit 1
	mkfifo "$tmp/in"
	: >"$tmp/out"
	"$UDTRACE" $opt -v -q -o "$tmp/trace" -n 'pid$target:a.out:work:entry, pid$target:a.out:main:entry { @[probefunc] = count(); }' -c "$TARGETS/sleeper" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
	ud=$!
	exec 3>"$tmp/in"
	printf 'ww' >&3
	i=0
	while [ "$(grep -c '^work' "$tmp/out")" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	n=$(perf_fds $ud)
	printf 'q' >&3
	exec 3>&-
	wait $ud
	echo "[${opt:-default}] status $? perf events: $([ "$n" -gt 0 ] && echo yes || echo no)"
	sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$tmp/err"
	grep -v '^pid' "$tmp/out"
	nostab <"$tmp/trace"
	rm -rf "$tmp"
done
