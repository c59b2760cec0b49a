# proves: return fires at each of the four ret instructions of an -O2 function: arg0 is that ret's offset (checked against objdump), arg1 the value, and each call returns through its own site
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:classify:return { printf("%x %d\n", arg0, (int)arg1); }' -c "$TARGETS/multiret" >/dev/null
echo "status $?"
sh ../../lib/insns.sh "$TARGETS/multiret" classify >"$tmp/insns"
echo "rets in objdump: $(grep -c ' ret$' "$tmp/insns")"
while read -r off val; do
	[ -n "$off" ] || continue
	m=$(awk -v o="$off" '$1 == o { print $2 }' "$tmp/insns")
	echo "value $val returned at ${m:-no instruction}"
done <"$tmp/trace"
echo "distinct sites: $(awk 'NF == 2 { print $1 }' "$tmp/trace" | sort -u | wc -l)"
rm -rf "$tmp"
