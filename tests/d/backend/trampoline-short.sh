# proves: on the trampoline backend a site whose programs read no register but arg0-arg2 at entry (or arg1 at a return) writes one-line records (-v says so; each clause also stores a thread-local variable, so it is not aggregated in the target) that carry those values exactly: the sums of arg0, arg1, arg2 of six(i, i+1, .., i+5) over 1000 calls and of its return value (a return fired from the entry's jump); a program enabled after one that read only arg0 and reading arg3 and arg5 gets the site planted again with every register, its sums exact too
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
norm() { sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$1"; }
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:six:entry { @a0 = sum(arg0); @a1 = sum(arg1); @a2 = sum(arg2); self->x = 1; } pid$target:a.out:six:return { @r = sum(arg1); self->x = 0; }' -c "$TARGETS/sixargs 1000" >"$tmp/out" 2>"$tmp/err"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:six:entry { @a0 = sum(arg0); self->x = 1; }' -n 'pid$target:a.out:six:entry { @a3 = sum(arg3); @a5 = sum(arg5); self->x = 1; }' -c "$TARGETS/sixargs 1000" >"$tmp/out" 2>"$tmp/err"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
grep -v '^udtrace: trampoline' "$tmp/err" || :
