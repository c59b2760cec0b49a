# proves: each dtrace option udtrace used to refuse as unknown is accepted, with -x and in #pragma D option, with a value dtrace accepts
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
opts="cpu=0 temporal aggpercpu amin=Stable/Stable/Common debug tree=1
    iregs=8 tregs=8 droptags kdefs knodefs udefs unodefs late=static
    lazyload linkmode=dynamic linktype=ELF nolibs pgmax=0 strip
    syslibdir=/nonexistent encoding=ascii ctypes=c.ctf dtypes=d.ctf"
: > p.d
args=
for o in $opts; do
	printf '#pragma D option %s\n' "$o" >> p.d
	args="$args -x $o"
done
echo 'BEGIN { exit(0); }' >> p.d
"$UDTRACE" -q -s p.d
echo "pragmas: status $?"
"$UDTRACE" -q $args -x ldpath=/usr/bin/ld -n 'BEGIN { exit(0); }'
echo "-x: status $?"
