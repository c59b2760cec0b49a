# proves: an argument spec udtrace cannot parse (a hand-written note saying "8@[rbx+8]") is reported naming the probe, the argument, the spec and the object, and exits 1 without running the target, whether the clause reads the argument or not, and under -l; a description selecting only the good probe of the same object traces normally
. ../../lib/usdt-need.sh
need_target usdtbadspec
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -n 'badspec$target:::good { printf("good %d\n", arg0); }' -c "$TARGETS/usdtbadspec"
echo "status $?"
for d in 'badspec$target:::weird { printf("weird %d\n", arg0); }' 'badspec$target:::weird { @ = count(); }' 'badspec$target:::'; do
	"$UDTRACE" $UDTRACE_OPTS -q -n "$d" -c "$TARGETS/usdtbadspec" 2>"$tmp/err"
	echo "status $?"
	sed "s|$TARGETS/|TARGETS/|" "$tmp/err" >&2
done
"$UDTRACE" $UDTRACE_OPTS -l -n 'badspec$target:::' -c "$TARGETS/usdtbadspec" 2>"$tmp/err"
echo "status $?"
sed "s|$TARGETS/|TARGETS/|" "$tmp/err" >&2
rm -rf "$tmp"
