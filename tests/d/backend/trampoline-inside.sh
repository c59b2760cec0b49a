# proves: when udtrace attaches (-p) to a thread stopped inside the 5 bytes a jump would replace (repcopy's copy() is mov; rep movsb, and the thread sits on the rep movsb 3 bytes in), the trampoline backend does not patch that site: -v says the site falls back to uprobe because a thread is stopped inside its 5 bytes, the site still fires, and the target's copies stay correct and it exits 0
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
. ../../lib/waitfor.sh
mkfifo "$tmp/in"
"$TARGETS/repcopy" <"$tmp/in" >"$tmp/out" &
rpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $rpid"
sleep 0.2    # well inside its copy loop
"$UDTRACE" -v -x backend=trampoline -q -p $rpid -o "$tmp/trace" -n 'pid$target:a.out:copy:entry /!n/ { n = 1; printf("fired yes\n"); exit(0); } tick-30s { printf("fired no\n"); exit(0); }' 2>"$tmp/err"
echo "udtrace status $?"
nostab <"$tmp/trace" | grep -v "^$"
sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$tmp/err"
printf g >&3
exec 3>&-
wait $rpid
echo "repcopy status $?"
tail -n +2 "$tmp/out"
