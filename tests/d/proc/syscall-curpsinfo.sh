# proves: a syscall probe's firing has the process translators too: curpsinfo and curlwpsinfo name the calling process and thread
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
syscall::getppid:entry
/pid == $target/
{
	printf("pr_pid %d, pr_ppid %d, pr_fname %s, pr_lwpid %d\n",
	    curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid,
	    curpsinfo->pr_fname, curlwpsinfo->pr_lwpid == tid);
	exit(0);
}' -c "$TARGETS/sysmix plain 1" >/dev/null
echo "udtrace status $?"
cat "$tmp/trace"
