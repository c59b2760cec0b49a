# proves: -h -s mysql.d -o FILE writes the exact <sys/sdt.h> header (guard from the file name, semaphores, _ENABLED and probe macros) and prints nothing
tmp=$(mktemp -d) || exit 1
. ./provider.inc
mysql_d "$tmp"
cd "$tmp" || exit 1
"$UDTRACE" -h -s mysql.d -o mysql_probes.h
echo "status $?"
cat mysql_probes.h
cd / && rm -rf "$tmp"
