/*
 * dlopener.c — dlopen: loads libdl_target.so from its own directory after
 * start-up and calls lib_work(1..5), so a probe on that library exists
 * only after the dlopen (needs -Z) and fires 5 times.
 * build: -g -O2 -ldl
 *
 * Untraced output, exit status 0:
 *   lib_work sum 45
 */
/* build: -g -O2 -ldl */
#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	char self[PATH_MAX], path[PATH_MAX + 32];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0)
		return 1;
	self[n] = '\0';
	snprintf(path, sizeof(path), "%s/libdl_target.so", dirname(self));
	void *h = dlopen(path, RTLD_NOW);
	if (h == NULL) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	int (*fn)(int) = (int (*)(int))dlsym(h, "lib_work");
	if (fn == NULL)
		return 1;
	int sum = 0;
	for (int i = 1; i <= 5; i++)
		sum += fn(i);
	printf("lib_work sum %d\n", sum);
	return 0;
}
