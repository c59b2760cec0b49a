# proves: a macro argument in a predicate
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cat > "$t/m.d" <<'EOF_D'
BEGIN
/$1 > 5/
{
	printf("big\n");
}

BEGIN
/$1 <= 5/
{
	printf("small\n");
}

BEGIN
{
	exit(0);
}
EOF_D
cd "$t" || exit 1
$UDTRACE -q -s m.d 9 >out 2>err
st=$?
cat out
echo '--- stderr'
sed 's/line [0-9][0-9]*:/line N:/' err
echo "--- status $st"
exit 0
