# proves: a clause cut short is a syntax error near end of input
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cat > "$t/m.d" <<'EOF_D'
BEGIN { trace(1);
EOF_D
cd "$t" || exit 1
$UDTRACE -x errtags -s m.d  >out 2>err
st=$?
cat out
echo '--- stderr'
sed 's/line [0-9][0-9]*:/line N:/' err
echo "--- status $st"
exit 0
