# proves: a library whose dependency is not in the library path is skipped silently, the others load
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
printf "#pragma D depends_on library nothere.d\\ninline int A = 1;\\n" > lib/a.d
printf "#pragma D depends_on library a.d\\ninline int C = A;\\n" > lib/c.d
printf "inline int B = 5;\\n" > lib/b.d
$UDTRACE -q -L lib -n 'BEGIN { printf("%d\n", B); exit(0); }'
$UDTRACE -x errtags -q -L lib -n 'BEGIN { printf("%d\n", C); exit(0); }'
echo "status $?"
