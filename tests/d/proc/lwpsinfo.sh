# proves: curlwpsinfo describes the thread the probe fires in: its id, on a CPU (SONPROC, 'O', pr_onpro == cpu) as DTrace shows it, and priority, nice, class, name and start time equal to what the test reads from /proc itself
tmp=$(mktemp -d) || exit 1
trap 'exec 3>&-; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
"$TARGETS/sleeper" <"$tmp/in" >"$tmp/out" &
spid=$!
exec 3>"$tmp/in"
. ../../lib/waitfor.sh
waitfor "$tmp/out" "pid $spid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$spid" -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
pid$target:a.out:work:entry {
	printf("pr_lwpid %d\npr_state %d\npr_sname %c\npr_flag %d\n",
	    curlwpsinfo->pr_lwpid, curlwpsinfo->pr_state,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_flag);
	printf("oncpu %d\npr_syscall %d\n", curlwpsinfo->pr_onpro == cpu,
	    curlwpsinfo->pr_syscall);
	printf("pr_pri %d\npr_nice %d\npr_clname %s\npr_name %s\n",
	    curlwpsinfo->pr_pri, curlwpsinfo->pr_nice,
	    curlwpsinfo->pr_clname, curlwpsinfo->pr_name);
	printf("pr_bindpro %d\npr_bindpset %d\npr_start %d\n",
	    curlwpsinfo->pr_bindpro, curlwpsinfo->pr_bindpset,
	    curlwpsinfo->pr_start.tv_sec);
	printf("sonproc %d\n", curlwpsinfo->pr_state == SONPROC);
	exit(0);
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf w >&3
wait "$upid"
echo "udtrace status $?"
cat "$tmp/err" >&2

stat=$(sed 's/.*) //' "/proc/$spid/task/$spid/stat")
f() { echo "$stat" | awk -v k="$1" '{ print $(k - 2) }'; }
hz=$(getconf CLK_TCK)
btime=$(awk '$1 == "btime" { print $2 }' /proc/stat)
{
	echo "pr_lwpid $spid"
	echo "pr_state 6"
	echo "pr_sname O"
	echo "pr_flag 0"
	echo "oncpu 1"
	echo "pr_syscall 0"
	echo "pr_pri $(($(f 18) + 100))"
	echo "pr_nice $(f 19)"
	echo "pr_clname TS"
	echo "pr_name $(cat "/proc/$spid/task/$spid/comm")"
	echo "pr_bindpro -1"
	echo "pr_bindpset -1"
	echo "pr_start $((btime + $(f 22) / hz))"
	echo "sonproc 1"
} >"$tmp/want"
while read -r k v; do
	got=$(awk -v k="$k" '$1 == k { sub(/^[^ ]* /, ""); print; exit }' "$tmp/trace")
	if [ "$got" = "$v" ]; then echo "$k ok"; else echo "$k: got '$got', /proc says '$v'"; fi
done <"$tmp/want"
printf q >&3
wait "$spid"
echo "sleeper status $?"
