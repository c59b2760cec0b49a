/*
 * repcopy.c — a thread that is nearly always inside the first 5 bytes of
 * a function: copy(dst, src, n) is `mov %rdx,%rcx; rep movsb; ret`, and
 * main calls it on 64 MiB in a loop, so the thread sits on the `rep
 * movsb` 3 bytes in (a string instruction stays at its address while it
 * runs and is interrupted; the check after each copy is sampled). Prints "pid N" first; on a byte (or end of
 * input) on stdin it finishes the copy in progress, checks every copy
 * and prints "copies ok" (or "copies BAD").
 * build: -g -O2 -pthread
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void copy(void *dst, const void *src, size_t n);

__asm__(
	".text\n"
	".globl copy\n"
	".type copy, @function\n"
	"copy:\n"
	"	mov %rdx, %rcx\n"
	"	rep movsb\n"
	"	ret\n"
	".size copy, .-copy\n");

#define N (64u << 20)
static volatile int stop;

static void *waiter(void *arg)
{
	char c;

	(void)arg;
	if (read(0, &c, 1) < 0)
		perror("read");
	stop = 1;
	return NULL;
}

int main(void)
{
	unsigned char *a = malloc(N), *b = malloc(N);
	pthread_t t;
	int bad = 0;

	if (!a || !b)
		return 1;
	for (size_t i = 0; i < N; i++)
		a[i] = (unsigned char)(i * 7);
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	pthread_create(&t, NULL, waiter, NULL);
	while (!stop) {
		memset(b, 0, 4096);
		copy(b, a, N);
		/* sampled, so the thread stays inside copy nearly always */
		for (size_t i = 0; i < N; i += 65521)
			if (a[i] != b[i])
				bad = 1;
		if (a[N - 1] != b[N - 1])
			bad = 1;
	}
	pthread_join(t, NULL);
	printf("copies %s\n", bad ? "BAD" : "ok");
	return 0;
}
