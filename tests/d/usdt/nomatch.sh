# proves: a USDT description matching nothing is D_PDESC_ZERO naming the expanded description (a real provider in the wrong function, a provider the target lacks, a provider glob no process has), exits 1 without running the target; with -Z each is accepted (matched 0 probes) and the target runs
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
for d in 'mysqlish$target:mysqlish:main:query-start' 'nosuchprov$target:::' 'nosuchprov*:::query-start'; do
	"$UDTRACE" $UDTRACE_OPTS -x errtags -n "$d { @ = count(); }" -c "$TARGETS/mysqlish" 2>"$tmp/err"
	echo "status $?"
	sed 's/\([a-z]\)[0-9][0-9]*:/\1PID:/' "$tmp/err" >&2
	"$UDTRACE" $UDTRACE_OPTS -Z -n "$d { @ = count(); }" -c "$TARGETS/mysqlish" 2>"$tmp/err"
	echo "status $?"
	# the ptrace backend's warning is tests/d/usdt/ptrace-limit's concern
	grep -v 'traces only the processes running now' "$tmp/err" | sed 's/pid [0-9][0-9]*/pid PID/' >&2
done
rm -rf "$tmp"
