# proves: a -s file that cannot be opened is a fatal error naming the file and the reason
tmp=$(mktemp -d) && cd "$tmp" || exit 1
"$UDTRACE" -s x.d
echo "status $?"
cd / && rm -rf "$tmp"
