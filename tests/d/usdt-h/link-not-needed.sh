# proves: -G is refused with a message saying it is not needed on Linux (the -h header defines everything), exit 1, no file written
tmp=$(mktemp -d) || exit 1
. ./provider.inc
mysql_d "$tmp"
cd "$tmp" || exit 1
"$UDTRACE" -G -s mysql.d
echo "status $?"
ls
cd / && rm -rf "$tmp"
