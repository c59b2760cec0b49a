# proves: %Y and %T print local time and %T names the local zone
tmp=$(mktemp -d) && cd "$tmp" || exit 1
cat >t.d <<'EOF'
BEGIN
{
	printf("%Y|%T\n", (int64_t)1704445387000000000, (int64_t)1704445387000000000);
	exit(0);
}
EOF
TZ=EST5 taskset -c 0 "$UDTRACE" -q -s t.d
cd / && rm -rf "$tmp"
