# proves: -s prints "script 'x.d' matched N probes" (plural) and -q silences notices
tmp=$(mktemp -d) && cd "$tmp" || exit 1
printf 'BEGIN { printf("begin\\n"); } END { printf("end\\n"); } BEGIN { exit(0); }\n' >two.d
taskset -c 0 "$UDTRACE" -s two.d
taskset -c 0 "$UDTRACE" -q -s two.d
cd / && rm -rf "$tmp"
