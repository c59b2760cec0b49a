# proves: -x nolibs compiles without the D libraries (the -L ones and the system directory's); #pragma D option nolibs comes after they were loaded
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir lib
echo 'inline int A = 7;' > lib/a.d
"$UDTRACE" -x errtags -q -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
"$UDTRACE" -x errtags -q -x nolibs -L lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
"$UDTRACE" -x errtags -q -x nolibs -x syslibdir=lib -n 'BEGIN { printf("%d\n", A); exit(0); }'
echo "status $?"
printf '#pragma D option nolibs\nBEGIN { printf("%%d\\n", A); exit(0); }\n' > p.d
"$UDTRACE" -x errtags -q -L lib -s p.d
echo "status $?"
