# proves: a cycle of #pragma D depends_on library is refused with DTrace's untagged text
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
printf "#pragma D depends_on library b.d\\ninline int A = 1;\\n" > lib/a.d
printf "#pragma D depends_on library a.d\\ninline int B = 2;\\n" > lib/b.d
$UDTRACE -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A + B); exit(0); }'
echo "status $?"
