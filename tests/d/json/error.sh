# proves: in JSON mode a run-time fault is an "error" object on the output (not a line on stderr), in order with the firings: the enabled probe, the probe's four names, the fault's name, the bad address, the action (0: the predicate) and the DIF offset, and dtrace's message; ERROR then fires as a probe object and tracing goes on
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -x oformat=json -o "$tmp/out" -n 'BEGIN { printf("before\n"); } BEGIN { trace(*(int *)16); } BEGIN / *(int *)8 == 0 / { } ERROR { printf("caught %d\n", arg4); } BEGIN { exit(0); }' 2>"$tmp/err"
echo "status $?"
cat "$tmp/err"
python3 ../../lib/jsonl.py -m offset "$tmp/out" | sed 's/DIF offset [0-9]*/DIF offset N/'
rm -rf "$tmp"
