# proves: with no -c or -p (the kernel's signal_deliver tracepoint), proc:::signal-handle's args[1] has si_signo and si_code (sigqueue: SI_QUEUE, kill: SI_USER) and the members the tracepoint does not carry are 0 (si_pid, si_uid, si_value), and args[2] is the handler's address (the tracepoint's sa_handler: the program prints it, and the line must match); skipped on ptrace, which cannot see processes it does not trace
# Must not: sleep for fixed times (every wait polls, 8 s max).
case "$UDTRACE_OPTS" in
*backend=ptrace*) echo "skip: the ptrace backend cannot see processes it does not trace"; exit 77 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'kill $upid 2>/dev/null; rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
name=sq$$
cat >"$tmp/sq.c" <<'C'
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
static volatile int got;
static void on(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	got++;
}
int main(void)
{
	struct sigaction sa = { 0 };
	union sigval v = { .sival_int = 42 };
	sa.sa_sigaction = on;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigqueue(getpid(), SIGUSR1, v);
	kill(getpid(), SIGUSR2);
	printf("handler %lx handled %d\n", (unsigned long)on, got);
	return 0;
}
C
gcc -O2 -no-pie -o "$tmp/$name" "$tmp/sq.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
proc:::signal-handle
/execname == "'$name'"/
{
	printf("%s code %s pid %d uid %d value %d\n",
	    args[0] == SIGUSR1 ? "SIGUSR1" : args[0] == SIGUSR2 ? "SIGUSR2" :
	    "other", args[1]->si_code == SI_QUEUE ? "SI_QUEUE" :
	    args[1]->si_code == SI_USER ? "SI_USER" : lltostr(args[1]->si_code),
	    args[1]->si_pid, args[1]->si_uid, args[1]->si_value.sival_int);
	printf("handler %x handled %d\n", (uintptr_t)args[2], args[1]->si_signo == args[0] ? 2 : 0);
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
"$tmp/$name" >"$tmp/out"
echo "target status $?"
waitfor "$tmp/trace" "SIGUSR2 .*"
kill -INT $upid
wait $upid
echo "udtrace status $?"
upid=
grep -v '^$' "$tmp/trace" | grep -v '^handler'
# the handler udtrace saw is the one the program has (twice: two signals)
echo "handler lines matching: $(grep -c -x -F "$(cat "$tmp/out")" "$tmp/trace")"
cat "$tmp/err" >&2
