# proves: %Y and %T of constants: two-digit days, a leap day, nanoseconds truncated to the second
tmp=$(mktemp -d) && cd "$tmp" || exit 1
cat >t.d <<'EOF'
BEGIN
{
	printf("%Y|%T\n", (int64_t)1000000000000000000, (int64_t)1000000000000000000);
	printf("%Y|%T\n", (int64_t)1709208000000000000, (int64_t)1709208000000000000);
	printf("%Y\n", (int64_t)1704445387999999999);
	exit(0);
}
EOF
TZ=UTC taskset -c 0 "$UDTRACE" -q -s t.d
cd / && rm -rf "$tmp"
