# proves: messages, -V and the usage text name the command as it was run (dtrace's g_pname, basename(argv[0])), so udtrace run through a link named dtrace speaks as dtrace
cd "$(mktemp -d)" || exit 1
ln -s "$UDTRACE" dtrace
./dtrace -V
./dtrace -x nosuchoption -n 'BEGIN { exit(0); }' 2>&1; echo "status $?"
./dtrace -n 'BEGIN { x = *(int *)0; } BEGIN { exit(0); }' 2>&1 >/dev/null | sed 's/offset [0-9]*/offset N/'
./dtrace -q -n 'BEGIN { printf("%s %s\n", execname, $$0); exit(0); }'
./dtrace 2>&1 | head -n 1
"$UDTRACE" -V
rm -rf "$PWD"
