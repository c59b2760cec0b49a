# proves: profile-997 with -c samples the target itself: with stackformat=folded every ustack() aggregation row is one folded line, the burner's dominant line is main;run;work;spin with a count > 0 (libc frames before main cut off, they depend on the libc build), helper's line is there too, and tick-10ms still fires in udtrace alongside
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x stackformat=folded -n '
profile-997 /pid == $target/ { @[ustack()] = count(); }
tick-10ms { @ticks = count(); }' -c "$TARGETS/burner 15" >"$tmp/out"
echo "status $?"
grep -v ';' "$tmp/out" | grep -v '^[^ ]* [0-9][0-9]*$' | sed 's/^ *[1-9][0-9]*$/ticks > 0/'
grep ';' "$tmp/out" | tail -n 1 | sed 's/^.*;main;/main;/; s/ [1-9][0-9]*$/ N > 0/'
grep -c ';main;run;helper [1-9][0-9]*$' "$tmp/out"
# every line is frames then a count, one line per distinct stack
grep ';' "$tmp/out" | grep -vc '^[^ ]* [0-9][0-9]*$'
grep ';' "$tmp/out" | sed 's/ [0-9]*$//' | sort | uniq -d | wc -l
rm -rf "$tmp"
