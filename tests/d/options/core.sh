# proves: -x core makes udtrace abort at exit after saying so, as dt_coredump does (no core is written here: the hard limit is 0)
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
(ulimit -H -c 0; "$UDTRACE" -q -x core -n 'BEGIN { printf("traced\n"); exit(0); }' 2>err
echo "status $?") 2>/dev/null
head -n 1 err
