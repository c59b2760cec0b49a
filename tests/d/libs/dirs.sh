# proves: several -L directories (and -x libdir) all load; a name already seen in an earlier one is skipped
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir d1 d2 d3
printf "inline int X = 1;\\n" > d1/x.d
printf "inline int X = 2;\\ninline int Y = 30;\\n" > d2/x.d
printf "#pragma D depends_on library x.d\\ninline int W = X + 100;\\n" > d2/w.d
printf "inline int Z = 4000;\\nfoo\\n" > d3/z.txt
printf "inline int V = 50000;\\n" > d3/v.d
$UDTRACE -x errtags -q -L d1 -L nodir -L d2 -x libdir=d3 -n 'BEGIN { printf("%d\n", X + W + V); exit(0); }'
echo "status $?"
