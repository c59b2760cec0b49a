# proves: -x ctypes and -x dtypes create their file when set, as dt_opt_ctypes opens it, and leave it empty (udtrace writes no CTF)
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
"$UDTRACE" -q -x ctypes=c.ctf -x dtypes=d.ctf -n 'BEGIN { exit(0); }'
echo "status $?"
ls
wc -c < c.ctf
