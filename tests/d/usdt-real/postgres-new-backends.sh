# proves: PostgreSQL 15 forks a backend per connection: with udtrace started first on a fresh cluster, postgresql*:::query-start with copyinstr (-Z) counts every query of six backends forked after tracing began (five psql -c, one session kept open), exactly, on the uprobe and the ptrace backend (which follows the postmaster's fork children); after udtrace ends on SIGINT the open session's backend is not traced, its probe site holds its nop and its semaphore is back to 0, and it still answers; a private cluster in a temp dir, stopped on every exit path; skipped only when PostgreSQL 15 is absent
# timeout: 200
bin=/usr/lib/postgresql/15/bin
[ -x "$bin/postgres" ] && [ -x "$bin/initdb" ] && id postgres >/dev/null 2>&1 || { echo "skip: postgresql 15 not installed"; exit 77; }
# postgresql* names every cluster on the machine: two of these tests at
# once (this suite run twice, or both tests together) would each grab the
# other's server, so they take turns
exec 8>"${TMPDIR:-/tmp}/udtrace-postgres-tests.lock"
flock -w 100 8 || { echo "waited 100 s for the other PostgreSQL test"; exit 1; }
tmp=$(mktemp -d) || exit 1
chown postgres "$tmp"
port=$((20000 + ($$ + 7919) % 20000))
pg() { runuser -u postgres -- "$@" 8>&-; }   # the server must not hold the lock
upid=
cleanup() {
	exec 3>&- 2>/dev/null
	[ -n "$upid" ] && kill -INT "$upid" 2>/dev/null && wait "$upid"
	pg "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

. ../../lib/waitfor.sh

pg "$bin/initdb" -D "$tmp/data" -A trust -U postgres >"$tmp/initdb.log" 2>&1 || { echo "initdb failed"; cat "$tmp/initdb.log"; exit 1; }
pg "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w -o "-k $tmp -p $port -c listen_addresses=''" start >/dev/null || { echo "pg_ctl start failed"; cat "$tmp/pg.log"; exit 1; }
echo "cluster up"
psql1() { pg psql -X -q -A -t -h "$tmp" -p "$port" -d postgres "$@"; }

for b in uprobe ptrace; do
	echo "backend $b"
	rm -f "$tmp/trace" "$tmp/in" "$tmp/out"
	"$UDTRACE" -x backend=$b -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } postgresql*:::query-start { @[copyinstr(arg0)] = count(); @pids[pid] = count(); } END { printa("%-40s %@d\n", @); printa("backend %@d\n", @pids); }' 2>"$tmp/err" &
	upid=$!
	waitfor "$tmp/trace" ready 20
	# five connections, each a backend forked now
	for i in 1 2 3 4 5; do psql1 -c "SELECT $i * 10" >>"$tmp/answers"; done
	# a sixth, kept open past the end of tracing
	mkfifo "$tmp/in"
	chown postgres "$tmp/in"
	psql1 <"$tmp/in" >"$tmp/out" 2>&1 &
	exec 3>"$tmp/in"
	echo 'SELECT pg_backend_pid();' >&3
	printf '%s\n' '\echo asked' >&3
	waitfor "$tmp/out" asked 20
	bpid=$(head -n 1 "$tmp/out")
	# while tracing: its probe is an int3 of udtrace's, its semaphore raised
	echo "traced: site $(sh ../../lib/usdt-site.sh "$bpid" "$bin/postgres" postgresql query__start)" \
	    "semaphore $(sh ../../lib/usdt-sem.sh "$bpid" "$bin/postgres" postgresql query__start)"
	kill -INT "$upid"
	wait "$upid"
	echo "udtrace status $?"
	upid=
	sed -n '/^backend /!p' "$tmp/trace"
	grep -c '^backend ' "$tmp/trace" | sed 's/^/backends: /'
	grep -v "traces only the processes running now" "$tmp/err" >&2
	# the open session's backend, after tracing: untouched
	sed -n 's/^TracerPid:\s*/after: tracer /p' "/proc/$bpid/status"
	echo "after: site $(sh ../../lib/usdt-site.sh "$bpid" "$bin/postgres" postgresql query__start)"
	echo "after: semaphore $(sh ../../lib/usdt-sem.sh "$bpid" "$bin/postgres" postgresql query__start)"
	echo "SELECT 'still here';" >&3
	printf '%s\n' '\echo done' >&3
	waitfor "$tmp/out" done 20
	exec 3>&-
	wait
	sed 1d "$tmp/out"
done
echo "answers:"; cat "$tmp/answers"
