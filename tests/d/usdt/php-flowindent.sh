# proves: -F indents USDT probes named *-entry/*-return: function-entry of the enclosing function (execute) indents by 2, function-return outdents, nested calls of the PHP-shaped target give the call tree's depth
. ../../lib/usdt-need.sh
need_target phpish
tmp=$(mktemp -d) || exit 1
taskset -c 0 "$UDTRACE" $UDTRACE_OPTS -F -o "$tmp/trace" -n 'phpish$target:::function-entry, phpish$target:::function-return' -c "$TARGETS/phpish" 2>"$tmp/err"
echo "status $?"
cat "$tmp/trace"
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
rm -rf "$tmp"
