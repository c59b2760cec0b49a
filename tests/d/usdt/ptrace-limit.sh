# proves: with the ptrace backend, enabling USDT descriptions that name a provider in every process (mysqlish*:::query-start, mysqlish:::query-done) says once on stderr that only the processes running now and those they fork are traced (not programs started later), why (-x backend=ptrace), and how to get uprobes, instead of silently missing programs started later; the traced target still counts
case "$UDTRACE_OPTS" in
*backend=ptrace*) ;;
*) echo "skip: only the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/usdt-need.sh
need_target mysqlish
"$UDTRACE" $UDTRACE_OPTS -q -n 'mysqlish*:::query-start { @s = count(); } mysqlish:::query-done { @d = count(); }' -c "$TARGETS/mysqlish"
echo "status $?"
