# proves: an error in a library's inline that illumos finds when it cooks the declaration (args[] outside a clause) fails the compile naming the library file and line
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
printf 'inline int A = 1;\n\n\ninline int B = args[0];\n' > lib/a.d
"$UDTRACE" -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
