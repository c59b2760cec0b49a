/*
 * test_usdt_watch.c — src/providers/usdt_watch.c, the filter the uprobe
 * backend's watch thread asks before holding a thread that mapped a
 * file: a file is wanted only when a pattern names one of its notes'
 * providers and it is not armed for the current patterns; a new pattern
 * asks again for files armed before it; a file rewritten in place (same
 * inode, new mtime) is read again; a file replaced since the mapping
 * (another inode at the path) is not wanted; calls from another thread
 * while the patterns change are safe.
 * Must not: depend on gcc being present — compiled objects are skipped
 * without it.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "providers/usdt_watch.h"
#include "unit.h"

static char tmpdir[] = "/tmp/test_usdt_watch.XXXXXX";

/* Compile a program whose one note has provider prov into path. */
static int build(const char *prov, const char *path)
{
	char src[256], cmd[1024];
	snprintf(src, sizeof(src), "%s/%s.c", tmpdir, prov);
	FILE *fp = fopen(src, "w");
	if (fp == NULL)
		return -1;
	fprintf(fp, "#include <sys/sdt.h>\nint main(void) { "
	    "STAP_PROBE(%s, tick); return 0; }\n", prov);
	fclose(fp);
	snprintf(cmd, sizeof(cmd), "gcc -O2 -o '%s' '%s' 2>/dev/null", path,
	    src);
	return system(cmd) == 0 ? 0 : -1;
}

static int wants(usdt_watch_t *w, const char *path)
{
	struct stat sb;
	if (stat(path, &sb) != 0)
		return -1;
	return usdt_watch_wants(w, path, (uint64_t)sb.st_dev,
	    (uint64_t)sb.st_ino);
}

static void armed(usdt_watch_t *w, const char *path)
{
	struct stat sb;
	if (stat(path, &sb) == 0)
		usdt_watch_armed(w, (uint64_t)sb.st_dev, (uint64_t)sb.st_ino,
		    &sb.st_mtim);
}

struct race { usdt_watch_t *w; const char *path; int stop; };

static void *asker(void *arg)
{
	struct race *r = arg;
	while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE))
		(void)wants(r->w, r->path);
	return NULL;
}

int main(void)
{
	char a[512], b[512], c[512];
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(a, sizeof(a), "%s/a", tmpdir);
	snprintf(b, sizeof(b), "%s/b", tmpdir);
	snprintf(c, sizeof(c), "%s/c", tmpdir);
	if (build("wtalpha", a) != 0 || build("wtbeta", b) != 0) {
		printf("test_usdt_watch: gcc with <sys/sdt.h> unavailable, "
		    "skipped\n");
		return UNIT_END();
	}
	usdt_watch_t *w = usdt_watch_new();
	CHECK(w != NULL);

	/* no pattern: nothing wanted */
	CHECK_EQ_INT(wants(w, a), 0);
	CHECK_EQ_INT(usdt_watch_add(w, "wtal*"), 0);
	CHECK_EQ_INT(wants(w, a), 1);
	CHECK_EQ_INT(wants(w, a), 1);        /* until armed */
	CHECK_EQ_INT(wants(w, b), 0);        /* wtbeta: not named */
	CHECK_EQ_INT(wants(w, "/bin/sh"), 0);   /* no notes */
	armed(w, a);
	CHECK_EQ_INT(wants(w, a), 0);

	/* a new pattern: files armed before are asked for again */
	CHECK_EQ_INT(usdt_watch_add(w, "wtbeta"), 0);
	CHECK_EQ_INT(wants(w, a), 1);
	CHECK_EQ_INT(wants(w, b), 1);
	armed(w, a);
	armed(w, b);
	CHECK_EQ_INT(wants(w, a), 0);
	CHECK_EQ_INT(wants(w, b), 0);

	/* armed before it was ever asked about: not wanted */
	if (build("wtalpha", c) == 0) {
		armed(w, c);
		CHECK_EQ_INT(wants(w, c), 0);
	}

	/* rewritten in place (same inode, new mtime): read again */
	{
		struct stat before, after;
		CHECK_EQ_INT(stat(a, &before), 0);
		struct timespec ts[2] = { { 0, UTIME_OMIT },
		    { before.st_mtim.tv_sec + 5, 0 } };
		CHECK_EQ_INT(utimensat(AT_FDCWD, a, ts, 0), 0);
		CHECK_EQ_INT(stat(a, &after), 0);
		CHECK_EQ_INT(after.st_ino, before.st_ino);
		CHECK_EQ_INT(wants(w, a), 1);
	}

	/* replaced since the mapping: another inode at the path */
	{
		struct stat old;
		CHECK_EQ_INT(stat(b, &old), 0);
		CHECK_EQ_INT(rename(a, b), 0);
		CHECK_EQ_INT(usdt_watch_wants(w, b, (uint64_t)old.st_dev,
		    (uint64_t)old.st_ino), 0);
	}

	/* another thread asks while patterns are added */
	{
		struct race r = { w, b, 0 };
		pthread_t t;
		CHECK_EQ_INT(pthread_create(&t, NULL, asker, &r), 0);
		for (int i = 0; i < 200; i++) {
			char pat[32];
			snprintf(pat, sizeof(pat), "wtx%d*", i);
			CHECK_EQ_INT(usdt_watch_add(w, pat), 0);
			armed(w, b);
		}
		__atomic_store_n(&r.stop, 1, __ATOMIC_RELEASE);
		pthread_join(t, NULL);
		armed(w, b);
		CHECK_EQ_INT(wants(w, b), 0);
	}
	usdt_watch_free(w);

	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return UNIT_END();
}
