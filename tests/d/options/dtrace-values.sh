# proves: the dtrace options are validated as dt_options.c validates them: a value where none is taken, a count that is not positive, a word not in the list, an unopenable CTF file
for o in aggpercpu=1 core=1 debug=yes strip=1 nolibs=1 kdefs=1 unodefs=x \
    iregs=0 tregs=-1 tree=abc pgmax=-1 cpu=-1 cpu=x grabanon=maybe \
    late=lazy linkmode=Kernel linktype=coff encoding=latin1 amin=Bogus \
    amin ctypes dtypes=/nonexistent/dir/t.ctf syslibdir ldpath setenv \
    unsetenv unsetenv=A=1 modpath=/x zone=global cpphdrs=yes; do
	"$UDTRACE" -q -x "$o" -n 'BEGIN { exit(0); }'
	echo "$o: status $?"
done
