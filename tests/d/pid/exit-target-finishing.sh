# proves: exit() from a probe while the -c target runs on to its own exit: udtrace ends with status 0 and leaves no target behind (on the uprobe backend the target's exit stop had already been reported to a wait, so SIGKILL never ended it and udtrace waited for it forever, ignoring SIGTERM)
tmp=$(mktemp -d) || exit 1
n=$((20000 + $$ % 1000))
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/out" -n '
pid$target:a.out:work:entry { @n = count(); }
pid$target:a.out:mark:entry { exit(0); }' -c "$TARGETS/kagg $n" >/dev/null
echo "status $?"
grep -c '^ *[0-9][0-9]*$' "$tmp/out"
pgrep -f "kagg $n\$" >/dev/null && echo "target left" || echo "target gone"
rm -rf "$tmp"
