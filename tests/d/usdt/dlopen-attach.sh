# proves: attached with -p and -Z before the target dlopens its library, udtrace enables the library's USDT probe when it is loaded: semaphore 0 before the dlopen, 1 after, the guard true 4 times and 4 firings; after SIGINT the library's semaphore is 0 again and the guard false
. ../../lib/usdt-need.sh
need_target usdtdlopen libusdt_dl.so
lib=../../lib
tmp=$(mktemp -d) || exit 1
mkfifo "$tmp/in"
"$TARGETS/usdtdlopen" -w <"$tmp/in" >>"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"

. ../../lib/waitfor.sh
sem() {
	echo "$1: semaphore $(sh $lib/usdt-sem.sh $tpid "$TARGETS/libusdt_dl.so" usdtdl lib__work 2>&1 | sed -e "s/pid $tpid/pid PID/" -e "s|^$TARGETS/libusdt_dl.so|LIB|")"
}

waitfor "$tmp/out" "pid $tpid"
sem "before dlopen"
"$UDTRACE" $UDTRACE_OPTS -q -Z -p "$tpid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } usdtdl$target:::lib-work { @ = sum(arg0); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf o >&3
waitfor "$tmp/out" opened
sem "after dlopen"
printf r >&3
waitfor "$tmp/out" "sum 30, enabled 4"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
cat "$tmp/trace"
cat "$tmp/err" >&2
sem "after tracing"
printf r >&3
waitfor "$tmp/out" "sum 30, enabled 0"
printf q >&3
exec 3>&-
wait "$tpid"
echo "usdtdlopen status $?"
sed "s/^pid $tpid\$/pid PID/" "$tmp/out"
rm -rf "$tmp"
