# proves: fds[] gives each open descriptor of the traced process as /proc shows it to the test (path, name, directory, offset, open flags, file system and mount point), and DTrace's "<none>" for descriptors not open
tmp=$(mktemp -d) || exit 1
trap 'exec 3>&-; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
"$TARGETS/sleeper" <"$tmp/in" >>"$tmp/out" &
spid=$!
exec 3>"$tmp/in"
. ../../lib/waitfor.sh
waitfor "$tmp/out" "pid $spid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$spid" -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
pid$target:a.out:work:entry {
	printf("0.path %s\n0.name %s\n0.dir %s\n0.flags %o\n", fds[0].fi_pathname,
	    fds[0].fi_name, fds[0].fi_dirname, fds[0].fi_oflags);
	printf("0.fs %s\n0.mount %s\n", fds[0].fi_fs, fds[0].fi_mount);
	printf("1.path %s\n1.offset %d\n1.flags %o\n", fds[1].fi_pathname,
	    fds[1].fi_offset, fds[1].fi_oflags);
	printf("1.wronly %d\n1.append %d\n",
	    (fds[1].fi_oflags & O_ACCMODE) == O_WRONLY,
	    (fds[1].fi_oflags & O_APPEND) != 0);
	printf("99 %s %s %s %s %s %d %d\n", fds[99].fi_name, fds[99].fi_dirname,
	    fds[99].fi_pathname, fds[99].fi_fs, fds[99].fi_mount,
	    fds[99].fi_offset, fds[99].fi_oflags);
	printf("-1 %s\n", fds[-1].fi_pathname);
	exit(0);
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf w >&3
wait "$upid"
echo "udtrace status $?"
cat "$tmp/err" >&2

fdinfo() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$spid/fdinfo/$1"; }
mnt=$(fdinfo 0 mnt_id)
mline=$(awk -v m="$mnt" '$1 == m' "/proc/$spid/mountinfo")
path0=$(readlink "/proc/$spid/fd/0")
{
	echo "0.path $path0"
	echo "0.name $(basename "$path0")"
	echo "0.dir $(dirname "$path0")"
	echo "0.flags $(fdinfo 0 flags | sed 's/^0*//')"
	echo "0.fs $(echo "$mline" | sed 's/.* - //' | awk '{ print $1 }')"
	echo "0.mount $(echo "$mline" | awk '{ print $5 }')"
	echo "1.path $(readlink "/proc/$spid/fd/1")"
	echo "1.offset $(printf 'pid %s\n' "$spid" | wc -c)"
	echo "1.flags $(fdinfo 1 flags | sed 's/^0*//')"
	echo "1.wronly 1"
	echo "1.append 1"
	echo "99 <none> <none> <none> <none> <none> 0 0"
	echo "-1 <none>"
} >"$tmp/want"
while read -r k v; do
	got=$(awk -v k="$k" '$1 == k { sub(/^[^ ]* /, ""); print; exit }' "$tmp/trace")
	if [ "$got" = "$v" ]; then echo "$k ok"; else echo "$k: got '$got', /proc says '$v'"; fi
done <"$tmp/want"
printf q >&3
wait "$spid"
echo "sleeper status $?"
