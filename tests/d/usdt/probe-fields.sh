# proves: a USDT probe's provider is the name plus the target's pid (mysqlish<PID>), its module the object's basename, its function the enclosing function of the site, its name the note's with __ turned into -
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'mysqlish$target::: { @[probeprov, probemod, probefunc, probename] = count(); @p[probeprov == strjoin("mysqlish", lltostr(pid)) ? "provider is mysqlish<pid>" : probeprov] = count(); } END { printa("%s:%s:%s:%s %@d\n", @); printa("%s %@d\n", @p); }' -c "$TARGETS/mysqlish" >/dev/null
echo "status $?"
sed 's/^mysqlish[0-9][0-9]*:/mysqlishPID:/' "$tmp/trace"
rm -rf "$tmp"
