# proves: a fully stripped target (strip --strip-all) still offers the functions of its .dynsym to the pid provider, and one with no function symbols at all gives a clear "does not match any probes" error, never a crash
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# counter-stripped exports work() (-rdynamic); plain counter does not
strip --strip-all -o "$tmp/dynsym" "$TARGETS/counter-stripped"
strip --strip-all -o "$tmp/nosym" "$TARGETS/counter"
"$UDTRACE" -q -n 'pid$target:a.out:work:entry { @ = count(); } END { printa("work %@d\n", @); }' -c "$tmp/dynsym 5"
echo "status $?"
for spec in 'pid$target:a.out:work:entry' 'pid$target:a.out::entry'; do
	"$UDTRACE" -q -n "$spec { @ = count(); }" -c "$tmp/nosym 5" >"$tmp/out" 2>&1
	st=$?
	sed 's/pid[0-9][0-9]*/pidN/g' "$tmp/out"
	echo "status $st"
done
