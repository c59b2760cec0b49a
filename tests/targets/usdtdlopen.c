/*
 * usdtdlopen.c — USDT in a library loaded later: dlopens libusdt_dl.so
 * from its own directory and calls lib_usdt_work(1..4), whose lib-work
 * probe and semaphore exist only once the library is mapped (tracing it
 * needs -Z). Usage:
 *   usdtdlopen      dlopen at once, run, print "sum 30, enabled E", exit 0
 *   usdtdlopen -w   print "pid N", then read stdin: 'o' dlopens and prints
 *                   "opened", 'r' runs and prints "sum 30, enabled E" (E for
 *                   this run), 'q' or end of input prints "bye" and exits 0
 * build: -g -O2 -ldl
 *
 * Untraced output of `usdtdlopen`, exit status 0:
 *   sum 30, enabled 0
 */
/* build: -g -O2 -ldl */
#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int (*work)(int);
static int *enabled;

static int open_lib(void)
{
	char self[PATH_MAX], path[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0)
		return -1;
	self[n] = '\0';
	snprintf(path, sizeof(path), "%s/libusdt_dl.so", dirname(self));
	void *h = dlopen(path, RTLD_NOW);
	if (h == NULL) {
		fprintf(stderr, "%s\n", dlerror());
		return -1;
	}
	work = (int (*)(int))dlsym(h, "lib_usdt_work");
	enabled = (int *)dlsym(h, "lib_usdt_enabled");
	return work != NULL && enabled != NULL ? 0 : -1;
}

static void run(void)
{
	int sum = 0;
	*enabled = 0;
	for (int i = 1; i <= 4; i++)
		sum += work(i);
	printf("sum %d, enabled %d\n", sum, *enabled);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "-w") == 0) {
		char c;
		setvbuf(stdout, NULL, _IONBF, 0);
		printf("pid %d\n", (int)getpid());
		for (;;) {
			ssize_t n = read(0, &c, 1);
			if (n < 0)
				continue;
			if (n == 0 || c == 'q')
				break;
			if (c == 'o') {
				if (work == NULL && open_lib() != 0)
					return 1;
				printf("opened\n");
			}
			if (c == 'r' && work != NULL)
				run();
		}
		printf("bye\n");
		return 0;
	}
	if (open_lib() != 0)
		return 1;
	run();
	return 0;
}
