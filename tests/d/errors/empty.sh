# proves: a program with no clauses is D_EMPTY
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cat > "$t/m.d" <<'EOF_D'
/* nothing here */
EOF_D
cd "$t" || exit 1
$UDTRACE -x errtags -s m.d  >out 2>err
st=$?
cat out
echo '--- stderr'
sed 's/line [0-9][0-9]*:/line N:/' err
echo "--- status $st"
exit 0
