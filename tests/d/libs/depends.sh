# proves: libraries compile in #pragma D depends_on library order, not name order
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
mkdir "$t/lib"
cat > "$t/lib/a.d" <<'EOF_D'
#pragma D depends_on library m.d
inline int A = M + 1;
EOF_D
cat > "$t/lib/m.d" <<'EOF_D'
#pragma D depends_on library z.d
inline int M = Z * 10;
EOF_D
cat > "$t/lib/z.d" <<'EOF_D'
inline int Z = 4;
EOF_D
cd "$t" || exit 1
$UDTRACE -q -L lib -n 'BEGIN { printf("%d %d %d\n", Z, M, A); exit(0); }'
echo "status $?"
