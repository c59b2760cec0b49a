# proves: 10,000 nested parentheses compile and run (or, in the sanitizer build whose frames are several times larger, are refused with the same clear error); 200,000 of them, 200,000 unary minuses, a 200,000-term sum or 100,000 nested ?: and blocks give a clear compile error instead of overflowing udtrace's stack
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gen() {	# $1 = prefix, $2 = count, $3 = middle, $4 = suffix, $5 = count
	awk -v a="$1" -v n="$2" -v m="$3" -v b="$4" -v k="$5" 'BEGIN {
		printf("BEGIN { x = ");
		for (i = 0; i < n; i++) printf("%s", a);
		printf("%s", m);
		for (i = 0; i < k; i++) printf("%s", b);
		printf("; printf(\"%%d\\n\", x); exit(0); }\n");
	}'
}
gen '(' 10000 1 ')' 10000 >"$tmp/p10k.d"
gen '(' 200000 1 ')' 200000 >"$tmp/p200k.d"
gen '-' 200000 1 '' 0 >"$tmp/neg.d"
gen '1+' 200000 1 '' 0 >"$tmp/sum.d"
gen '1?' 100000 1 ':1' 100000 >"$tmp/cond.d"
awk 'BEGIN { printf("BEGIN "); for (i = 0; i < 100000; i++) printf("{"); printf("exit(0);"); for (i = 0; i < 100000; i++) printf("}"); printf("\n"); }' >"$tmp/blocks.d"
"$UDTRACE" -q -s "$tmp/p10k.d" >"$tmp/out" 2>&1
st=$?
case "$st:$(cat "$tmp/out")" in
"0:1"|"1:udtrace: failed to compile script $tmp/p10k.d: line 1: program is nested too deeply")
	echo "-- p10k: ran, or was refused as nested too deeply" ;;
*)	echo "-- p10k: status $st"; cat "$tmp/out" ;;
esac
for f in p200k neg sum cond blocks; do
	echo "-- $f"
	"$UDTRACE" -q -s "$tmp/$f.d" >"$tmp/out" 2>&1
	st=$?
	sed "s|$tmp/||" "$tmp/out"
	echo "status $st"
done
