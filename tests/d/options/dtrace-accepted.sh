# proves: each dtrace option udtrace used to refuse as unknown is accepted, with -x and in #pragma D option, with a value dtrace accepts
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
for o in cpu=0 temporal aggpercpu amin=Stable/Stable/Common debug tree=1 \
    iregs=8 tregs=8 droptags kdefs knodefs udefs unodefs late=static \
    lazyload linkmode=dynamic linktype=ELF nolibs pgmax=0 strip \
    syslibdir=/nonexistent encoding=ascii ctypes=c.ctf dtypes=d.ctf; do
	printf '#pragma D option %s\nBEGIN { exit(0); }\n' "$o" > p.d
	"$UDTRACE" -q -s p.d || echo "pragma $o: status $?"
	"$UDTRACE" -q -x "$o" -n 'BEGIN { exit(0); }' || echo "-x $o: status $?"
done
"$UDTRACE" -q -x ldpath=/usr/bin/ld -n 'BEGIN { exit(0); }' || echo "ldpath: status $?"
echo done
