# proves: proc:::signal-handle's args[1] is a siginfo_t * with the members the signal's code gives a meaning to (sigqueue to itself: SI_QUEUE, its own pid and uid, si_value 42; kill: SI_USER; a child's exit: SIGCHLD, CLD_EXITED, another pid, si_status 7; a write to 0x1000: SIGSEGV, SEGV_MAPERR, si_addr 0x1000), the others 0, and args[2] (the handler, which a tracer's signal-delivery stop cannot see) 0, on every backend (a traced process's signals come from ptrace on all three)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/sig.c" <<'C'
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static sigjmp_buf jb;
static volatile int got;
static void on(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	got++;
	if (sig == SIGSEGV)
		siglongjmp(jb, 1);
}
int main(void)
{
	struct sigaction sa = { 0 };
	union sigval v = { .sival_int = 42 };
	sa.sa_sigaction = on;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	sigqueue(getpid(), SIGUSR1, v);
	kill(getpid(), SIGUSR2);
	pid_t c = fork();
	if (c == 0)
		_exit(7);
	while (waitpid(c, NULL, 0) < 0)
		;
	if (sigsetjmp(jb, 1) == 0)
		*(volatile int *)0x1000 = 1;
	printf("child %d handled %d\n", (int)c, got);
	return 0;
}
C
gcc -O2 -o "$tmp/sig" "$tmp/sig.c" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::signal-handle
/pid == $target/
{
	printf("%s code %s errno %d pid %s uid %d status %d addr %x value %d handler %x\n",
	    args[0] == SIGUSR1 ? "SIGUSR1" : args[0] == SIGUSR2 ? "SIGUSR2" :
	    args[0] == SIGCHLD ? "SIGCHLD" : args[0] == SIGSEGV ? "SIGSEGV" :
	    "other",
	    args[1]->si_code == SI_QUEUE ? "SI_QUEUE" :
	    args[1]->si_code == SI_USER ? "SI_USER" :
	    args[1]->si_code == CLD_EXITED && args[0] == SIGCHLD ? "CLD_EXITED" :
	    args[1]->si_code == SEGV_MAPERR && args[0] == SIGSEGV ?
	    "SEGV_MAPERR" : lltostr(args[1]->si_code),
	    args[1]->si_errno,
	    args[1]->si_pid == 0 ? "0" : args[1]->si_pid == pid ? "self" :
	    "another",
	    args[1]->si_uid, args[1]->si_status,
	    (uintptr_t)args[1]->si_addr, args[1]->si_value.sival_int,
	    (uintptr_t)args[2]);
	@signo[args[1]->si_signo == args[0]] = count();
}' -c "$tmp/sig" >"$tmp/out"
echo "udtrace status $?"
sed 's/child [0-9]*/child N/' "$tmp/out"
cat "$tmp/trace"
