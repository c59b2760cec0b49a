# proves: -x syslibdir names the system D library directory, loaded before the -L ones (a library of the same name there wins); an empty one is none
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
mkdir sys user
echo 'inline int S = 1;' > sys/a.d
echo 'inline int U = 2;' > user/a.d
echo 'inline int V = 3;' > user/b.d
"$UDTRACE" -x errtags -q -x syslibdir=sys -L user -n 'BEGIN { printf("%d %d\n", S, V); exit(0); }'
echo "status $?"
"$UDTRACE" -x errtags -q -x syslibdir=sys -L user -n 'BEGIN { printf("%d\n", U); exit(0); }'
echo "status $?"
"$UDTRACE" -x errtags -q -x syslibdir= -L user -n 'BEGIN { printf("%d %d\n", U, V); exit(0); }'
echo "status $?"
