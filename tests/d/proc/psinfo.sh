# proves: curpsinfo's fields at a pid probe in a process attached with -p equal what the test reads from /proc itself (ids, credentials, name, arguments and their vectors, start time, thread count, terminal, data model)
tmp=$(mktemp -d) || exit 1
trap 'exec 3>&-; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
"$TARGETS/sleeper" alpha "beta gamma" <"$tmp/in" >"$tmp/out" &
spid=$!
exec 3>"$tmp/in"
. ../../lib/waitfor.sh
waitfor "$tmp/out" "pid $spid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$spid" -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
pid$target:a.out:work:entry {
	printf("pr_pid %d\npr_ppid %d\npr_pgid %d\npr_sid %d\n",
	    curpsinfo->pr_pid, curpsinfo->pr_ppid, curpsinfo->pr_pgid,
	    curpsinfo->pr_sid);
	printf("pr_uid %d\npr_euid %d\npr_gid %d\npr_egid %d\n",
	    curpsinfo->pr_uid, curpsinfo->pr_euid, curpsinfo->pr_gid,
	    curpsinfo->pr_egid);
	printf("pr_fname %s\npr_psargs %s\npr_argc %d\n", curpsinfo->pr_fname,
	    curpsinfo->pr_psargs, curpsinfo->pr_argc);
	printf("pr_argv %x\npr_envp %x\n", curpsinfo->pr_argv,
	    curpsinfo->pr_envp);
	printf("pr_nlwp %d\npr_ttydev %d\npr_dmodel %d\n", curpsinfo->pr_nlwp,
	    (long)curpsinfo->pr_ttydev, curpsinfo->pr_dmodel);
	printf("pr_start %d\npr_addr %d\npr_contract %d\n",
	    curpsinfo->pr_start.tv_sec, curpsinfo->pr_addr,
	    curpsinfo->pr_contract);
	printf("model %d\n", curpsinfo->pr_dmodel == PR_MODEL_LP64);
	exit(0);
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf w >&3
wait "$upid"
echo "udtrace status $?"
cat "$tmp/err" >&2

# what /proc says, read here
stat=$(sed 's/.*) //' "/proc/$spid/stat")
f() { echo "$stat" | awk -v k="$1" '{ print $(k - 2) }'; }
st() { awk -v k="$1:" -v i="$2" '$1 == k { print $(i + 1) }' "/proc/$spid/status"; }
hz=$(getconf CLK_TCK)
btime=$(awk '$1 == "btime" { print $2 }' /proc/stat)
argc=$(tr -cd '\0' <"/proc/$spid/cmdline" | wc -c)
ss=$(f 28)
tty=$(f 7); [ "$tty" = 0 ] && tty=-1
{
	echo "pr_pid $spid"
	echo "pr_ppid $(st PPid 1)"
	echo "pr_pgid $(f 5)"
	echo "pr_sid $(f 6)"
	echo "pr_uid $(st Uid 1)"
	echo "pr_euid $(st Uid 2)"
	echo "pr_gid $(st Gid 1)"
	echo "pr_egid $(st Gid 2)"
	echo "pr_fname $(cat "/proc/$spid/comm")"
	echo "pr_psargs $(tr '\0' ' ' <"/proc/$spid/cmdline" | sed 's/ $//' | cut -c1-79)"
	echo "pr_argc $argc"
	printf 'pr_argv %x\n' $((ss + 8))
	printf 'pr_envp %x\n' $((ss + 8 + 8 * (argc + 1)))
	echo "pr_nlwp $(st Threads 1)"
	echo "pr_ttydev $tty"
	echo "pr_dmodel 2"
	echo "pr_start $((btime + $(f 22) / hz))"
	echo "pr_addr 0"
	echo "pr_contract -1"
	echo "model 1"
} >"$tmp/want"
# one line per field: the same, or both values
while read -r k v; do
	got=$(awk -v k="$k" '$1 == k { sub(/^[^ ]* /, ""); print; exit }' "$tmp/trace")
	if [ "$got" = "$v" ]; then echo "$k ok"; else echo "$k: got '$got', /proc says '$v'"; fi
done <"$tmp/want"
printf q >&3
wait "$spid"
echo "sleeper status $?"
