# proves: strings at the strsize limits: 0 is refused, 1 holds one character (a string holds strsize characters, no NUL when full), a strjoin past strsize faults with DTrace's "out of scratch space" and tracing goes on, 65536 keeps a 60,000-byte literal whole
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
prog='BEGIN { a = "abcdef"; printf("[%s] %d\n", a, strlen(a)); } BEGIN { b = strjoin(a, a); printf("[%s]\n", b); } BEGIN { exit(0); }'
for s in 0 1 4 7 13 65536; do
	echo "-- strsize=$s"
	"$UDTRACE" -q -x strsize=$s -n "$prog"
	echo "status $?"
done 2>&1
awk 'BEGIN { printf("BEGIN { s = \""); for (i = 0; i < 60000; i++) printf("x"); printf("\"; printf(\"%%d\\n\", strlen(s)); exit(0); }\n"); }' >"$tmp/long.d"
"$UDTRACE" -q -x strsize=65536 -s "$tmp/long.d"
echo "status $?"
