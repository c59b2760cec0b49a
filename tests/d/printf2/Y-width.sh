# proves: %Y and %T take a width like %s
tmp=$(mktemp -d) && cd "$tmp" || exit 1
cat >t.d <<'EOF'
BEGIN
{
	printf("[%25Y][%-22Y]\n", (int64_t)0, (int64_t)0);
	exit(0);
}
EOF
TZ=UTC taskset -c 0 "$UDTRACE" -q -s t.d
cd / && rm -rf "$tmp"
