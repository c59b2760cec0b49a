# proves: with neither -c nor -p, syscall probes see every process: udtrace started first counts the getppid calls (9) and write sizes (22) of a program started separately afterwards (sysmix copied as swmix, a name no other test runs), by its execname
tmp=$(mktemp -d) || exit 1
cp "$TARGETS/sysmix" "$tmp/swmix" || exit 1
"$UDTRACE" -q -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
syscall::getppid:entry /execname == "swmix"/ { @calls[execname] = count(); }
syscall::write:entry /execname == "swmix"/ { @bytes = sum(arg2); }
END { printa("%s getppid %@d\n", @calls); printa("wrote %@d\n", @bytes); }' 2>"$tmp/err" &
upid=$!
i=0
until grep -qx ready "$tmp/trace" 2>/dev/null || [ $i -ge 80 ]; do sleep 0.1; i=$((i + 1)); done
if grep -q "uprobes not permitted\|raw_syscalls" "$tmp/err"; then
	echo "skip: $(head -n 1 "$tmp/err")"; kill "$upid"; rm -rf "$tmp"; exit 77
fi
"$tmp/swmix" plain 9 >/dev/null
echo "swmix status $?"
sleep 0.3
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
grep -v '^$' "$tmp/trace"
cat "$tmp/err"
rm -rf "$tmp"
