# proves: in JSON mode a fault in a pid probe's action is an "error" object naming the pid provider, module, function and probe, the fault, the bad address and the action, while the target runs on unharmed (its output unchanged) and the ERROR probe fires after each
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x oformat=json -o "$tmp/out" -n 'pid$target:a.out:work:entry { trace(*(long *)(arg0 * 4096)); } ERROR { trace(arg4); }' -c "$TARGETS/counter 2"
echo "status $?"
python3 ../../lib/jsonl.py -m id -m offset -m epid "$tmp/out" | sed 's/"pid[0-9]*"/"pidN"/; s/ID [0-9]*: pid[0-9]*/ID N: pidN/; s/probe ID [0-9]*/probe ID N/; s/DIF offset [0-9]*/DIF offset N/'
rm -rf "$tmp"
