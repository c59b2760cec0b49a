# proves: ustack() at a function entered on four stacks, three of which end where an inaccessible page begins (the main stack; a sigaltstack; a ucontext coroutine's; a pthread_attr_setstack thread's), gives the same frames on every backend, and the program runs on as untraced: a probe copying ustack's 16 KiB above rsp there would kill it
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:leaf:entry { printf("leaf %d", arg0); ustack(3); }' -c "$TARGETS/edgestacks"
echo "status $?"
grep -v '^$' "$tmp/trace" | sed 's/^ *//'
