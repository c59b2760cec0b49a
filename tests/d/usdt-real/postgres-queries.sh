# proves: PostgreSQL 15, whose every client connection is its own backend process: with two psql sessions connected before tracing starts, postgresql*:::query-start with -Z (every process that has the provider, as found at start-up) counts the queries of both backends exactly by text; tracing ends on SIGINT; a private cluster in a temp dir, shut down always; skipped only when PostgreSQL 15 is absent
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
port=$((20000 + $$ % 20000))
pg() { runuser -u postgres -- "$@" 8>&-; }   # the server must not hold the lock
cleanup() {
	exec 3>&- 4>&- 2>/dev/null
	pg "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

. ../../lib/waitfor.sh

pg "$bin/initdb" -D "$tmp/data" -A trust -U postgres >"$tmp/initdb.log" 2>&1 || { echo "initdb failed"; cat "$tmp/initdb.log"; exit 1; }
pg "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w -o "-k $tmp -p $port -c listen_addresses=''" start >/dev/null || { echo "pg_ctl start failed"; cat "$tmp/pg.log"; exit 1; }
echo "cluster up"

# Two sessions, connected before tracing: each has its own backend.
mkfifo "$tmp/in1" "$tmp/in2"
chown postgres "$tmp/in1" "$tmp/in2"
pg psql -X -q -A -t -h "$tmp" -p "$port" -d postgres <"$tmp/in1" >"$tmp/out1" 2>&1 &
pg psql -X -q -A -t -h "$tmp" -p "$port" -d postgres <"$tmp/in2" >"$tmp/out2" 2>&1 &
exec 3>"$tmp/in1" 4>"$tmp/in2"
printf '%s\n' '\echo connected' >&3
printf '%s\n' '\echo connected' >&4
waitfor "$tmp/out1" connected 20
waitfor "$tmp/out2" connected 20
echo "sessions connected"

"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } postgresql*:::query-start { @[copyinstr(arg0)] = count(); @pids[pid] = count(); } END { printa("%-40s %@d\n", @); printa("backends %@d\n", @pids); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready 20

for i in 1 2 3; do echo 'SELECT 1;' >&3; done
echo "SELECT 'first session';" >&3
echo 'SELECT 1;' >&4
echo 'SELECT 40 + 2;' >&4
echo 'SELECT 1;' >&4
printf '%s\n' '\echo done' >&3
printf '%s\n' '\echo done' >&4
waitfor "$tmp/out1" done 20
waitfor "$tmp/out2" done 20
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
# one row per backend: the aggregation's rows, counted without their pids
sed -n '/^backends /!p' "$tmp/trace"
grep -c '^backends ' "$tmp/trace" | sed 's/^/backend rows: /'
cat "$tmp/err" >&2
echo "session 1:"; cat "$tmp/out1"
echo "session 2:"; cat "$tmp/out2"
