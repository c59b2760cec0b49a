# proves: -h on a provider file with a syntax error reports the compile error, exits 1 and writes no header
tmp=$(mktemp -d) || exit 1
cd "$tmp" || exit 1
printf 'provider p {\n\tprobe a(int)\n};\n' > bad.d
"$UDTRACE" -h -s bad.d
echo "status $?"
ls
cd / && rm -rf "$tmp"
