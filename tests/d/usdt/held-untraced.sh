# proves: a program started after udtrace, held while its new file's probes are armed (uprobes), behaves as untraced: its parent sees the same stop, continue, exit status and death by SIGTERM or SIGKILL, with no report while it is held, and the signals sent to it then (SIGSTOP, SIGCONT, SIGTERM, SIGKILL) act as they do untraced, its probe counted each time it reaches main; once it runs on, nothing traces it (TracerPid 0), also when udtrace was SIGKILLed while holding it; a hold ends after a second even when udtrace's main loop is busy (a 5 s system()); skipped on ptrace, which cannot see programs started later
# timeout: 120
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see programs started later"; exit 77 ;;
esac
. ../../lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
trap 'kill $upid $tpid 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/hx.c" <<'C'
#include <sys/sdt.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	char c;
	STAP_PROBE(PROVNAME, first);
	(void)argv;
	if (argc > 1) {
		printf("up\n");
		fflush(stdout);
	}
	/* until the parent's byte: its signals find it here, whenever sent */
	if (read(0, &c, 1) != 1)
		return 1;
	printf("read %c\n", c);
	return 3;
}
C
# the parent: fork, exec a fresh copy, signal it as a shell or a service
# manager would, and say what waitpid reports
cat >"$tmp/par.c" <<'C'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
static void report(pid_t c, int opts)
{
	int st;
	if (waitpid(c, &st, opts) != c)
		printf("waitpid failed\n");
	else if (WIFSTOPPED(st))
		printf("stopped %s\n", strsignal(WSTOPSIG(st)));
	else if (WIFCONTINUED(st))
		printf("continued\n");
	else if (WIFEXITED(st))
		printf("exited %d\n", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf("killed %s\n", strsignal(WTERMSIG(st)));
	fflush(stdout);
}
int main(int argc, char **argv)
{
	/* argv: program, delay before the signals (us), end: exit|term|kill */
	int in[2], st;
	if (argc != 4 || pipe(in) != 0)
		return 2;
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		dup2(in[0], 0);
		close(in[1]);
		execl(argv[1], argv[1], (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	/* while it starts (and may be held): nothing to report */
	struct timespec t0, t;
	long us = atol(argv[2]), quiet = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		if (waitpid(c, &st, WNOHANG | WUNTRACED | WCONTINUED) != 0)
			quiet = 0;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000000L +
	    (t.tv_nsec - t0.tv_nsec) / 1000 < us);
	printf("quiet %s\n", quiet ? "yes" : "no");
	kill(c, SIGSTOP);
	report(c, WUNTRACED);
	kill(c, SIGCONT);
	report(c, WCONTINUED);
	if (strcmp(argv[3], "exit") == 0) {
		if (write(in[1], "x", 1) != 1)
			return 2;
	} else {
		kill(c, strcmp(argv[3], "term") == 0 ? SIGTERM : SIGKILL);
	}
	report(c, 0);
	return 0;
}
C
prov=hu$(echo $$ | tr 0-9 a-j)
sed -i "s/PROVNAME/$prov/" "$tmp/hx.c"
gcc -O2 -o "$tmp/hx" "$tmp/hx.c" || exit 1
gcc -O2 -o "$tmp/par" "$tmp/par.c" || exit 1
runs() {	# $1: prefix of the fresh copies
	# signals at once, or after 0.3, 1 or 3 ms: before the exec, while
	# it is held (its file's uprobes are being registered) or after
	for case in "0 exit" "300 exit" "1000 exit" "3000 exit" "0 term" \
	    "1000 term" "3000 term" "0 kill" "1000 kill" "3000 kill"; do
		set -- "$1" $case
		cp "$tmp/hx" "$tmp/$1$2$3"
		echo "== $2 us, $3"
		"$tmp/par" "$tmp/$1$2$3" "$2" "$3"
	done
}
runs u >"$tmp/untraced"
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::first { @[execname] = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
runs t >"$tmp/traced"
echo "same as untraced: $(cmp -s "$tmp/untraced" "$tmp/traced" && echo yes || echo no)"
cat "$tmp/traced"
# one that runs on: it prints "up" only after its hold, then nobody traces it
mkfifo "$tmp/in"
cp "$tmp/hx" "$tmp/long"
"$tmp/long" up <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" up
echo "running on: $(awk '/^TracerPid:/ { print $1, $2 }' /proc/$tpid/status)"
printf y >&3
exec 3>&-
wait $tpid
echo "long status $?"
tpid=
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
# a program killed while held may die before main, as it may untraced
grep -v 'term\|kill' "$tmp/trace"
cat "$tmp/err" >&2
# udtrace SIGKILLed while it holds a new program (or about to): the kernel
# lets it go with its tracer, and it runs as untraced
"$UDTRACE" $UDTRACE_OPTS -q -Z -o "$tmp/trace2" -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::first { @ = count(); }' 2>"$tmp/err2" &
upid=$!
waitfor "$tmp/trace2" ready
mkfifo "$tmp/in2"
cp "$tmp/hx" "$tmp/orphan"
"$tmp/orphan" up <"$tmp/in2" >"$tmp/out2" &
tpid=$!
exec 3>"$tmp/in2"
sleep 0.003
kill -KILL "$upid"
wait "$upid" 2>/dev/null
upid=
waitfor "$tmp/out2" up
echo "after SIGKILL: $(awk '/^TracerPid:/ { print $1, $2 }' /proc/$tpid/status)"
printf z >&3
exec 3>&-
wait $tpid
echo "orphan status $?"
tpid=
cat "$tmp/out" "$tmp/out2"
# udtrace's main loop busy (a 5 s system()) when a new program maps its
# file: the hold ends after a second all the same, the program runs on
"$UDTRACE" $UDTRACE_OPTS -q -Z -w -o "$tmp/trace3" -n 'BEGIN { printf("ready\n"); } tick-100ms /n == 0/ { n = 1; printf("busy\n"); system("sleep 5"); } tick-100ms /n == 1/ { n = 2; printf("free\n"); } '"$prov"'*:::first { @ = count(); }' 2>"$tmp/err3" &
upid=$!
waitfor "$tmp/trace3" busy
sleep 0.2
cp "$tmp/hx" "$tmp/busy"
t0=$(date +%s)
echo q | "$tmp/busy" up >"$tmp/out3"
echo "busy status $? within 4 s: $([ $(( $(date +%s) - t0 )) -le 4 ] && echo yes || echo no)"
# system() ignores SIGINT in udtrace while its command runs
waitfor "$tmp/trace3" free 15
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
upid=
cat "$tmp/out3" "$tmp/err3"
