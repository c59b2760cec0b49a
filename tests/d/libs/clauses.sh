# proves: a library's probe clauses are dropped: its declarations load, its BEGIN never fires
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
cat > lib/lib.d <<'EOF_D'
inline int A = 7;
BEGIN { printf("from the library\n"); }
EOF_D
$UDTRACE -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
