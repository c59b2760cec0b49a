# proves: -h with a program that is not a script file needs -o, and says so (exit 1, no file written)
tmp=$(mktemp -d) || exit 1
cd "$tmp" || exit 1
"$UDTRACE" -h -n 'provider p { probe a(int); };'
echo "status $?"
ls
cd / && rm -rf "$tmp"
