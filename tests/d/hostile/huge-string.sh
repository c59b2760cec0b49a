# proves: a 1 MB string literal compiles; its value is cut to strsize (default 256: a string holds all strsize bytes, as illumos, with no NUL when full), and with -x strsize=2m it is kept whole
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { printf("BEGIN { s = \""); for (i = 0; i < 16384; i++) printf("%s", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+/"); printf("\"; printf(\"%%d %%s\\n\", strlen(s), substr(s, 0, 8)); exit(0); }\n"); }' >"$tmp/str.d"
wc -c <"$tmp/str.d" | awk '{ print ($1 > 1048576) ? "program over 1 MB" : "program too small" }'
"$UDTRACE" -q -s "$tmp/str.d"
echo "status $?"
"$UDTRACE" -q -x strsize=2m -s "$tmp/str.d"
echo "status $?"
