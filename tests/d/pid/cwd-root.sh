# proves: cwd and root (procfs.d's inlines) are the traced process's working and root directories as strings at the probe, and BEGIN's are udtrace's own
tmp=$(mktemp -d) || exit 1
mkdir "$tmp/wd-test" && cd "$tmp/wd-test" || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
BEGIN { printf("BEGIN %s %s\n", basename(cwd), root); }
pid$target:a.out:work:entry /arg0 == 3/ { printf("work %s %s %d %d\n", basename(cwd), root, sizeof(cwd), cwd == strjoin(dirname(cwd), "/wd-test")); }' -c "$TARGETS/counter"
echo "status $?"
cat "$tmp/trace"
cd / && rm -rf "$tmp"
