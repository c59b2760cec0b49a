# proves: a library's probe clauses are compiled before they are dropped, as illumos compiles a library whole: an error in one fails the compile naming the library file and line
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
printf 'inline int A = 7;\n\nBEGIN\n{\n\tx = 1 + y->z;\n}\n' > lib/a.d
"$UDTRACE" -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
printf 'inline int A = 7;\nBEGIN { @lib = count(); system("echo from the library"); }\n' > lib/a.d
"$UDTRACE" -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
