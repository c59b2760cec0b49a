# proves: SIGKILL of udtrace while 8 threads of a -p target hit a pid probe at full speed leaves the target correct (checksum 0, status 0) and its text as the file has it: work's first 16 bytes in the live process equal the object file's (no int3, no jump, no uprobe left)
# timeout: 30
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. ../../lib/waitfor.sh

mkfifo "$tmp/in"
"$TARGETS/hammer" 1 soak <"$tmp/in" >"$tmp/out" &
hpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $hpid"
"$UDTRACE" $UDTRACE_OPTS -q -p $hpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf g >&3
sleep 0.3
kill -9 $upid
wait $upid 2>/dev/null
# the soak ends after its second: totals printed, the process waits
waitfor "$tmp/out" "checksum [0-9]+" 10
grep checksum "$tmp/out"
# work's bytes: the live process's (base of the first mapping + vaddr)
# against the file's (at the same offset: text is mapped 1:1 here)
vaddr=$(nm "$TARGETS/hammer" | awk '$3 == "work" { print $1 }')
base=$(awk -v exe="$TARGETS/hammer" '$6 == exe { split($1, a, "-"); print a[1]; exit }' /proc/$hpid/maps 2>/dev/null)
live=$(dd if=/proc/$hpid/mem bs=16 count=1 iflag=skip_bytes skip=$((0x$base + 0x$vaddr)) 2>/dev/null | od -An -tx1)
file=$(dd if="$TARGETS/hammer" bs=16 count=1 iflag=skip_bytes skip=$((0x$vaddr)) 2>/dev/null | od -An -tx1)
if [ -n "$live" ] && [ "$live" = "$file" ]; then
	echo "work's text as in the file"
else
	echo "work's text differs: live$live file$file"
fi
printf g >&3
exec 3>&-
wait $hpid
echo "hammer status $?"
