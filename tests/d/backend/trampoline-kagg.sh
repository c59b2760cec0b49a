# proves: on the trampoline backend a site whose clauses only aggregate integer functions of the arguments (here a key arg0 & 7, a predicate, sum, max) aggregates its hits in the target instead of writing a record per hit: -v says so, and four threads calling hot() a million times each as fast as they can give exactly 500000 hits on each of the 8 keys, the sum and the greatest argument, with no drop (one record per hit dropped most of them); a clause that also prints keeps records, and -v says no folding
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
norm() { sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$1"; }
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:hot:entry { @[arg0 & 7] = count(); }
pid$target:a.out:hot:entry /arg0 < 1000/ { @s = sum(arg0); }
pid$target:a.out:hot:entry { @m = max(arg0); }
END { printa("%d %@d\n", @); printa("sum %@d\n", @s); printa("max %@d\n", @m); }' -c "$TARGETS/hotcount 1000000 4" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:hot:entry { @[arg0 & 7] = count(); } pid$target:a.out:hot:entry /arg0 == 999/ { printf("hit %d\n", arg0); }' -c "$TARGETS/hotcount 1000 2" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
