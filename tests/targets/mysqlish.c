/*
 * mysqlish.c — a MySQL-shaped USDT target: runs a fixed list of 6 queries,
 * firing query-start(query, connid, db, user, host) in dispatch_query()
 * and query-done(status) in finish_query(), from the header `udtrace -h`
 * makes of mysqlish.d. Each probe's work is guarded by its is-enabled
 * macro, the way servers skip argument set-up nobody traces, and the
 * target counts how often each guard was true, so the semaphores' effect
 * shows in its own output. Usage:
 *   mysqlish        run the list once, print the counts, exit 0
 *   mysqlish -w     print "pid N", then read stdin: 'r' runs the list and
 *                   prints "run K: start enabled S, done enabled D" (this
 *                   run only); 'q' or end of input prints "bye", exits 0
 * build: -g -O2 (default), -I build/targets for mysqlish.h, which defines
 * the semaphores itself (no -G object: the point of udtrace's -h)
 *
 * The queries (connid, db, user, host, status):
 *   SELECT 1                   1           test  root   localhost  0
 *   SELECT * FROM t            2           shop  alice  10.0.0.1   0
 *   SELECT 1                   1           test  root   localhost  0
 *   INSERT INTO t VALUES (1)   3           shop  bob    10.0.0.2   -1
 *   SELECT 1                   2           shop  alice  10.0.0.1   0
 *   UPDATE t SET a = 2         4294967303  shop  carol  ::1        -1062
 * (4294967303 = 2^32 + 7: connid needs all 64 bits.)
 *
 * Untraced output of `mysqlish`, exit status 0:
 *   6 queries, 4 rows
 *   query-start enabled 0 times, query-done enabled 0 times
 * Traced with only query-start enabled, the last line reads
 *   query-start enabled 6 times, query-done enabled 0 times
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "mysqlish.h"

struct query {
	const char *text;
	unsigned long connid;
	const char *db, *user, *host;
	int status;
};

static const struct query queries[] = {
	{ "SELECT 1", 1, "test", "root", "localhost", 0 },
	{ "SELECT * FROM t", 2, "shop", "alice", "10.0.0.1", 0 },
	{ "SELECT 1", 1, "test", "root", "localhost", 0 },
	{ "INSERT INTO t VALUES (1)", 3, "shop", "bob", "10.0.0.2", -1 },
	{ "SELECT 1", 2, "shop", "alice", "10.0.0.1", 0 },
	{ "UPDATE t SET a = 2", 4294967303UL, "shop", "carol", "::1", -1062 },
};

#define NQUERIES (int)(sizeof(queries) / sizeof(queries[0]))

static int start_enabled, done_enabled;
static volatile unsigned long checksum;

/* Stands for the argument set-up a server does only when traced. */
static __attribute__((noinline, noipa)) unsigned long expensive(const char *s)
{
	unsigned long h = 5381;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static __attribute__((noinline, noipa)) int dispatch_query(const struct query *q)
{
	if (MYSQLISH_QUERY_START_ENABLED()) {
		start_enabled++;
		checksum += expensive(q->text);
	}
	MYSQLISH_QUERY_START((char *)q->text, q->connid, (char *)q->db,
	    (char *)q->user, (char *)q->host);
	return strncmp(q->text, "SELECT", 6) == 0;
}

static __attribute__((noinline, noipa)) void finish_query(const struct query *q)
{
	if (MYSQLISH_QUERY_DONE_ENABLED()) {
		done_enabled++;
		checksum += expensive(q->db);
	}
	MYSQLISH_QUERY_DONE(q->status);
}

static int run_all(void)
{
	int rows = 0;
	for (int i = 0; i < NQUERIES; i++) {
		rows += dispatch_query(&queries[i]) ? 1 : 0;
		finish_query(&queries[i]);
	}
	return rows;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "-w") == 0) {
		char c;
		int runs = 0;
		setvbuf(stdout, NULL, _IONBF, 0);
		printf("pid %d\n", (int)getpid());
		for (;;) {
			ssize_t n = read(0, &c, 1);
			if (n < 0)
				continue;
			if (n == 0 || c == 'q')
				break;
			if (c == 'r') {
				start_enabled = done_enabled = 0;
				run_all();
				printf("run %d: start enabled %d, done enabled %d\n",
				    ++runs, start_enabled, done_enabled);
			}
		}
		printf("bye\n");
		return 0;
	}
	int rows = run_all();
	printf("%d queries, %d rows\n", NQUERIES, rows);
	printf("query-start enabled %d times, query-done enabled %d times\n",
	    start_enabled, done_enabled);
	return 0;
}
