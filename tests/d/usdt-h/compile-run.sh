# proves: a C program of two files and a shared library, built with gcc against the -h header and no -G object, links, runs with unchanged output, and carries mysql notes named as written whose semaphores are the header's (one per object, in .probes)
command -v gcc >/dev/null 2>&1 || { echo "skip: gcc not installed"; exit 77; }
[ -e /usr/include/x86_64-linux-gnu/sys/sdt.h ] || [ -e /usr/include/sys/sdt.h ] ||
	{ echo "skip: <sys/sdt.h> not installed (systemtap-sdt-dev)"; exit 77; }
tmp=$(mktemp -d) || exit 1
. ./provider.inc
mysql_d "$tmp"
"$UDTRACE" -h -s "$tmp/mysql.d" -o "$tmp/mysql.h" || echo "udtrace -h failed"
cat > "$tmp/main.c" <<'C'
#include <stdio.h>
#include "mysql.h"
void run_query(const char *q, unsigned long id);
int lib_done(int st);
int main(void)
{
	run_query("select 1", 7);
	run_query("select 2", 8);
	printf("enabled %d\n", MYSQL_QUERY_DONE_ENABLED() ? 1 : 0);
	MYSQL_QUERY_DONE(-1);
	printf("lib %d\n", lib_done(3));
	return 0;
}
C
cat > "$tmp/query.c" <<'C'
#include <stdio.h>
#include "mysql.h"
void run_query(const char *q, unsigned long id)
{
	if (MYSQL_QUERY_START_ENABLED())
		printf("start is enabled\n");
	MYSQL_QUERY_START(q, id, "db", "user", "host");
	printf("query %s on %lu\n", q, id);
	MYSQL_QUERY_DONE(0);
}
C
cat > "$tmp/lib.c" <<'C'
#include "mysql.h"
int lib_done(int st)
{
	MYSQL_QUERY_DONE(st);
	return st + MYSQL_QUERY_DONE_ENABLED();
}
C
cd "$tmp" || exit 1
gcc -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -o libq.so lib.c &&
	gcc -std=c11 -Wall -Wextra -Werror -O2 -o prog main.c query.c -L. -lq -Wl,-rpath,"$tmp" ||
	echo "build failed"
./prog
echo "status $?"
# every note: provider, name, and whether its semaphore is the object's own mysql_<name>_semaphore
for obj in prog libq.so; do
	echo "$obj:"
	readelf -n "$obj" | awk '
		/Provider:/ { p = $2 }
		/Name:/ { n = $2 }
		/Semaphore:/ { s = $NF }
		/Arguments:/ { print p, n, s }' |
	while read -r p n s; do
		sym=$(nm "$obj" | awk -v want="${p}_${n}_semaphore" '$3 == want { print $1 }')
		if [ -n "$sym" ] && [ $((0x$sym)) -eq $((s)) ]; then ok=own; else ok="not $sym"; fi
		echo "  $p $n semaphore $ok"
	done
	readelf -S "$obj" | grep -c ' \.probes '
done
nm -D libq.so | grep -c semaphore
cd / && rm -rf "$tmp"
