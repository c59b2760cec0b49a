# proves: ppid, uid, gid, pid and execname are right for every hit of a USDT probe in children of a -c target that change their ids (setgid 1000+k, setuid 2000+k) and fire 2 ticks each, living only a few ms: each line names the target as parent, the child's own ids, a pid not the target's and execname idp; and for the target's own ticks (uid 0, gid 0, its parent udtrace)
# timeout: 40
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/idp.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static __attribute__((noinline)) void work(int i)
{
	STAP_PROBE1(PROVNAME, tick, i);
}
int main(void)
{
	usleep(200000);   /* the uprobe backend arms a new program within ms */
	work(0);
	for (int k = 1; k <= 3; k++) {
		pid_t p = fork();
		if (p == 0) {
			if (setgid(1000 + k) != 0 || setuid(2000 + k) != 0)
				_exit(1);
			work(k);
			work(k);
			_exit(0);   /* gone a few microseconds after its ticks */
		}
		waitpid(p, NULL, 0);
	}
	printf("parent done\n");
	return 0;
}
C
prov=id$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/idp.c"
gcc -O2 -g -o "$tmp/idp" "$tmp/idp.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "$prov"'*:::tick { printf("%s tick %d: %s, ppid %s, uid %d, gid %d\n", execname, arg0, pid == $target ? "target" : "child", ppid == $target ? "target" : lltostr(ppid), uid, gid); }' -c "$tmp/idp" 2>"$tmp/err" &
upid=$!
wait $upid
echo "status $?"
sed "/traces only the processes running now/d" "$tmp/err" >&2
# the target's parent is udtrace itself
grep -v '^$' "$tmp/trace" | sed "s/ppid $upid,/ppid udtrace,/"
