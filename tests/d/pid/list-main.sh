# proves: -l with an empty name lists entry, return and one probe per instruction offset of main (the offsets objdump shows), module shown as the real basename, and the target never runs
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -l -n 'pid$target:a.out:main:' -c "$TARGETS/multiret" >"$tmp/list"
echo "status $?"
head -n 1 "$tmp/list"
tail -n +2 "$tmp/list" | awk '{ sub(/^pid[0-9]+$/, "pidPID", $2); print $2, $3, $4, $5 }' >"$tmp/rows"
grep -E ' (entry|return)$' "$tmp/rows" | sort
awk '{ print $4 }' "$tmp/rows" | grep -vE '^(entry|return)$' | sort >"$tmp/offs"
sh ../../lib/insns.sh "$TARGETS/multiret" main | awk '{ print $1 }' | sort >"$tmp/want"
if cmp -s "$tmp/offs" "$tmp/want"; then echo "offsets: every instruction of main"; else diff "$tmp/want" "$tmp/offs"; fi
echo "other rows: $(grep -cvE '^pidPID multiret main ' "$tmp/rows")"
rm -rf "$tmp"
