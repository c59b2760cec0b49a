# proves: with -Z a USDT probe in a library dlopen()ed after start-up is enabled when the library appears: its semaphore (in the library's data, at its load bias) is raised so the guard is true 4 times, and the int and negative long arguments arrive exactly; without -Z the same description is D_PDESC_ZERO and the target never runs
. ../../lib/usdt-need.sh
need_target usdtdlopen libusdt_dl.so
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'usdtdl$target:libusdt_dl.so:lib_usdt_work:lib-work { printf("%s %d %d\n", probename, arg0, arg1); }' -c "$TARGETS/usdtdlopen"
echo "status $?"
cat "$tmp/trace"
"$UDTRACE" $UDTRACE_OPTS -q -n 'usdtdl$target:::lib-work { @ = count(); }' -c "$TARGETS/usdtdlopen" 2>"$tmp/err"
echo "status $?"
sed 's/usdtdl[0-9][0-9]*:/usdtdlPID:/' "$tmp/err" >&2
rm -rf "$tmp"
