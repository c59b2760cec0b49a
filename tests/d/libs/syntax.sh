# proves: a syntax error in a library fails the compile, naming the library file and line
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
printf "inline int A = 1;\\n\\ninline int B = ;\\n" > lib/bad.d
$UDTRACE -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
