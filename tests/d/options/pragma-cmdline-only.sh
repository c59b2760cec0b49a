# proves: the options dtrace refuses inside a D program (setenv and unsetenv before their value is read, ldpath and the cpp ones after) fail a #pragma D option with dtrace's message
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
for o in setenv=A=1 setenv unsetenv=A unsetenv=A=1 ldpath=/bin/ld ldpath \
    incdir=/tmp define=X=1 undef=X cpppath=/bin/cpp stdc=a stdc=z; do
	printf '#pragma D option %s\nBEGIN { exit(0); }\n' "$o" > p.d
	"$UDTRACE" -x errtags -q -s p.d
	echo "$o: status $?"
done
