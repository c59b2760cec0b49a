# proves: without CAP_PERFMON (and perf_event_paranoid > -1) the default backend falls back to ptrace with a notice that -q silences and the trace is the same; -x backend=uprobe then fails with the reason and status 1
command -v setpriv >/dev/null || { echo "skip: setpriv not installed"; exit 77; }
nocap="setpriv --inh-caps=-perfmon,-sys_admin --bounding-set=-perfmon,-sys_admin"
prog='pid$target:a.out:greet:entry { @ = count(); }'
echo "default:"
$nocap "$UDTRACE" -n "$prog" -c "$TARGETS/strings" 2>&1 | sed 's/pid [0-9]*/pid N/; s/paranoid is -*[0-9]*/paranoid is P/'
echo "quiet:"
$nocap "$UDTRACE" -q -n "$prog" -c "$TARGETS/strings" 2>&1
echo "forced:"
$nocap "$UDTRACE" -x backend=uprobe -n "$prog" -c "$TARGETS/strings" >"${TMPDIR:-/tmp}/fallback.$$" 2>&1
echo "status $?"
sed 's/paranoid is -*[0-9]*/paranoid is P/' "${TMPDIR:-/tmp}/fallback.$$"
rm -f "${TMPDIR:-/tmp}/fallback.$$"
