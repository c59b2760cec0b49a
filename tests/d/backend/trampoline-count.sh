# proves: on the trampoline backend a site whose programs only count() (no predicate, keys only the probe's names) counts its hits in the target instead of writing a record per hit: -v says so, and four threads calling hot() a million times each as fast as they can give exactly 4000000 at entry and at return (fired from the entry's jump) with no drop (one record per hit dropped nearly all of them); a clause that also stores a thread-local variable keeps records, and -v says no counting
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
norm() { sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$1"; }
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:hot:entry { @ = count(); } pid$target:a.out:hot:return { @r[probefunc, probename] = count(); }' -c "$TARGETS/hotcount 1000000 4" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:hot:entry { @ = count(); self->x = 1; }' -c "$TARGETS/hotcount 1000 2" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
