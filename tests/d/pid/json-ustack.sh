# proves: in JSON mode a pid probe's firing names its provider (pid<N>), module, function and probe name, ustack() is a "ustack" record of frame texts, usym/uaddr/umod are records with the symbol text and the address, and a ustack() aggregation key is an array of frame texts
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x oformat=json -o "$tmp/out" -n 'pid$target:a.out:work:entry /arg0 == 2/ { ustack(2); usym(uregs[R_PC]); uaddr(uregs[R_PC] + 1); umod(uregs[R_PC]); } pid$target:a.out:work:entry { @[ustack(2), usym(uregs[R_PC])] = count(); }' -c "$TARGETS/counter 3" 2>"$tmp/err"
echo "status $?"
cat "$tmp/err"
python3 ../../lib/jsonl.py -m id -m address "$tmp/out" | sed 's/"pid[0-9]*"/"pidN"/; s/main+0x[0-9a-f]*"/main+0xN"/g'
rm -rf "$tmp"
