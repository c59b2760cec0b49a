# proves: -h without -o writes x.h for x.d in the current directory (the script's directory part dropped), and rewrites rather than appends
tmp=$(mktemp -d) || exit 1
. ./provider.inc
mysql_d "$tmp"
mv "$tmp/mysql.d" "$tmp/prov.d"
mkdir "$tmp/out"
cd "$tmp/out" || exit 1
echo "stale" > prov.h
"$UDTRACE" -h -s ../prov.d
echo "status $?"
ls
head -n 1 prov.h
grep -c '^#define MYSQL_' prov.h
grep '_H$' prov.h
cd / && rm -rf "$tmp"
