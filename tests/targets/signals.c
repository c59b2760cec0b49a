/*
 * signals.c — signals: installs a SIGUSR1 handler on_usr1() and raises
 * SIGUSR1 5 times; each is delivered to the handler exactly once, traced
 * or not (on_usr1:entry fires 5 times).
 * build: -g -O2 (default)
 *
 * Untraced output, exit status 0:
 *   handled 5
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile sig_atomic_t handled;

__attribute__((noinline, noipa)) void on_usr1(int sig)
{
	if (sig == SIGUSR1)
		handled++;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	for (int i = 0; i < 5; i++)
		raise(SIGUSR1);
	printf("handled %d\n", (int)handled);
	return 0;
}
