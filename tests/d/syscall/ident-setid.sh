# proves: uid and gid stay right for every hit of a process that changes its ids between hits (setresgid/setresuid to 1000+k/2000+k and back to root, three times, then an exec of itself under new ids): syscall probes (close) and pid probes (work) each show the ids the process has at that hit, on every backend, though udtrace reads a process's ids from /proc once and keeps them until a set*id call, an exec or a millisecond says they may have changed (the target waits for each line before it changes its ids again, so the asynchronous backends' reading late cannot hide a stale value)
# timeout: 60
tmp=$(mktemp -d) || exit 1
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/setid.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static volatile int sink;
static int trace = -1;
static __attribute__((noinline)) void work(int i)
{
	sink += i;
	sink ^= i * 3;
}
/* until udtrace's output holds line (the fd opened while root) */
static void waitline(const char *line)
{
	static char buf[65536];
	for (int i = 0; i < 3000; i++) {
		ssize_t n = pread(trace, buf, sizeof buf - 1, 0);
		buf[n > 0 ? n : 0] = '\0';
		if (strstr(buf, line) != NULL)
			return;
		usleep(10000);
	}
	_exit(2);
}
/* a close that fails, seen by syscall::close:entry as arg0 */
static void step(int k, const char *what)
{
	char line[64];
	close(-k);
	snprintf(line, sizeof line, "close %d %s\n", k, what);
	waitline(line);
	work(k);
	snprintf(line, sizeof line, "work %d %s\n", k, what);
	waitline(line);
}
int main(int argc, char **argv)
{
	char line[64];
	if (argc > 2) {         /* the exec'd image: ids as the exec left them */
		trace = open(argv[1], O_RDONLY);
		step(99, "uid 2009 gid 1009");
		return 0;
	}
	if ((trace = open(argv[1], O_RDONLY)) < 0)
		return 1;
	for (int k = 1; k <= 3; k++) {
		if (setresgid(1000 + k, 1000 + k, 0) != 0 ||
		    setresuid(2000 + k, 2000 + k, 0) != 0)
			return 1;
		snprintf(line, sizeof line, "uid %d gid %d", 2000 + k, 1000 + k);
		step(k, line);
		if (setresuid(0, 0, 0) != 0 || setresgid(0, 0, 0) != 0)
			return 1;
		step(10 + k, "uid 0 gid 0");
	}
	if (setresgid(1009, 1009, 1009) != 0 || setresuid(2009, 2009, 2009) != 0)
		return 1;
	execl("/proc/self/exe", argv[0], argv[1], "again", (char *)NULL);
	return 1;
}
C
gcc -O2 -g -o "$tmp/setid" "$tmp/setid.c" || exit 1
chmod 755 "$tmp/setid"
: >"$tmp/trace"
chmod 644 "$tmp/trace"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$tmp/setid $tmp/trace" -n '
syscall::close:entry /pid == $target && (int)arg0 < 0/ { printf("close %d uid %d gid %d\n", -(int)arg0, uid, gid); }
pid$target:a.out:work:entry { printf("work %d uid %d gid %d\n", arg0, uid, gid); }'
echo "status $?"
grep -v '^$' "$tmp/trace"
