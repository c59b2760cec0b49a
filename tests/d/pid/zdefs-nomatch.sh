# proves: with -Z a pid description matching no function is accepted (matched 0 probes) and the target runs to its end
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -Z -n 'pid$target:a.out:nosuchfunc:entry { @ = count(); }' -c "$TARGETS/counter" 2>"$tmp/err"
echo "status $?"
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
rm -rf "$tmp"
