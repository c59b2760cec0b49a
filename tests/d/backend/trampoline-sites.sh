# proves: -x backend=trampoline makes work:entry (lea; ret) of the threads target a jump and fires work:return (the ret inside those 5 bytes) from the same trampoline, as -v says site by site, counting all 8000 calls of 8 threads at each; a program that needs the thread stopped (copyin) puts the site on the uprobe backend instead, -v naming why, and still counts exactly
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
norm() { sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$1"; }
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:work:entry,pid$target:a.out:work:return { @[probename] = count(); }' -c "$TARGETS/threads" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
"$UDTRACE" -v -x backend=trampoline -q -n 'pid$target:a.out:work:entry { @ = count(); self->x = copyin(uregs[R_SP], 8); }' -c "$TARGETS/threads" 2>"$tmp/err" >"$tmp/out"
st=$?
nostab <"$tmp/out"
echo "status $st"
norm "$tmp/err"
