# proves: ufunc() and umod() aggregation keys aggregate by function and by module, as in DTrace: every sampled pc inside spin lands on one burner`spin row, every pc in the executable on one burner row
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -n 'profile-997 /pid == $target/ { @f[ufunc(arg1)] = count(); @m[umod(arg1)] = count(); }' -c "$TARGETS/burner 15" >"$tmp/out"
echo "status $?"
echo "spin rows: $(grep -c '^  burner`spin  *[0-9][0-9]*$' "$tmp/out")"
echo "burner module rows: $(grep -c '^  burner  *[0-9][0-9]*$' "$tmp/out")"
echo "duplicate keys: $(grep '^  ' "$tmp/out" | awk '{print $1}' | sort | uniq -d | wc -l)"
rm -rf "$tmp"
