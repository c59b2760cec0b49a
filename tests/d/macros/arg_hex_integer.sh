# proves: a hex operand makes $1 an integer
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cat > "$t/m.d" <<'EOF_D'
BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
EOF_D
cd "$t" || exit 1
$UDTRACE -q -s m.d 0x10 >out 2>err
st=$?
cat out
echo '--- stderr'
sed 's/line [0-9][0-9]*:/line N:/' err
echo "--- status $st"
exit 0
