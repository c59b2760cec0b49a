# proves: on the trampoline backend a site whose program needs stack bytes (ustack()) is a jump, not a uprobe (-v says so), and its copy stops where each stack ends: leaf() entered near the top of a sigaltstack, a coroutine's stack and a pthread_attr_setstack thread's stack, each ending where an inaccessible page begins, gives its callers and the program runs on unharmed (copying ustack's 16 KiB above rsp there kills it)
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
"$UDTRACE" -v -x backend=trampoline -q -o "$tmp/trace" -n 'pid$target:a.out:leaf:entry { printf("leaf %d", arg0); ustack(2); }' -c "$TARGETS/edgestacks" 2>"$tmp/err"
echo "status $?"
sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$tmp/err"
nostab <"$tmp/trace" | grep -v '^$' | sed 's/^ *//'
