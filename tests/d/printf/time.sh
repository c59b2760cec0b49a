# proves: %Y prints local time year first with a space-padded day, %T the RFC 822 form
tmp=$(mktemp -d) && cd "$tmp" || exit 1
printf 'BEGIN { printf("%%Y|%%T|%%Y\\n", (int64_t)1704445387000000000, (int64_t)1704445387000000000, (int64_t)0); exit(0); }\n' >t.d
TZ=UTC taskset -c 0 "$UDTRACE" -q -s t.d
cd / && rm -rf "$tmp"
