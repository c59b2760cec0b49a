/*
 * mysqlish.d — a MySQL-shaped USDT provider for the mysqlish target: the
 * Makefile turns it into build/targets/mysqlish.h with `udtrace -h`, so the
 * target gets its probes and is-enabled macros the way a DTrace user's
 * program would. query-start(query, connid, db, user, host) and
 * query-done(status) have the argument types of MySQL's own probes.
 */
provider mysqlish {
	probe query__start(char *, unsigned long, char *, char *, char *);
	probe query__done(int);
};
