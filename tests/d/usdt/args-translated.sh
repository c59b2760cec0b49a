# proves: a USDT probe declared in the script with translated arguments (probe q(native) : (translated)) gives args[n] the translated type: args[n] reads the native argument of the same name (here reordered), a compatible type is a plain conversion (char * -> string, int -> long), and an incompatible one is translated data through the script's translator, each member translated when it is read
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
cat > "$tmp/xl.d" <<'D'
#pragma D option quiet
typedef struct qtext { string text; int len; } qtext_t;
translator qtext_t < char *s > { text = copyinstr((uintptr_t)s); len = strlen(copyinstr((uintptr_t)s)); };
provider mysqlish {
	probe query__start(char *query, unsigned long conn, char *db, char *user, char *host) :
	    (string user, qtext_t *query, unsigned long conn);
	probe query__done(int status) : (long status);
};
mysqlish$target:::query-start { printf("%s|%s|%d|%d\n", args[0], args[1]->text, args[1]->len, args[2]); }
mysqlish$target:::query-done { printf("done %d %d\n", args[0], sizeof (args[0])); }
D
"$UDTRACE" $UDTRACE_OPTS -o "$tmp/trace" -s "$tmp/xl.d" -c "$TARGETS/mysqlish" >/dev/null
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
