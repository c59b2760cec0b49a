# proves: usym, ufunc, umod and uaddr of uregs[R_PC] at an entry name the probed function and its module (the real basename); ufunc(ucaller) is main
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:work:entry /arg0 == 3/ { trace(usym(uregs[R_PC])); trace(ufunc(uregs[R_PC])); trace(umod(uregs[R_PC])); trace(uaddr(uregs[R_PC] + 1)); trace(ufunc(ucaller)); printf("\n"); }' -c "$TARGETS/counter"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
