# proves: pid probe names are checked at compile time: offset past the end is D_PROC_OFF, inside an instruction D_PROC_ALIGN, a bad name D_PROC_NAME, an unknown function D_PDESC_ZERO; each exits 1 without running the target
"$UDTRACE" $UDTRACE_OPTS -x errtags -n 'pid$target:a.out:work:1000' -c "$TARGETS/counter"
echo "status $?"
"$UDTRACE" $UDTRACE_OPTS -x errtags -n 'pid$target:a.out:classify:1' -c "$TARGETS/multiret"
echo "status $?"
"$UDTRACE" $UDTRACE_OPTS -x errtags -n 'pid$target:a.out:work:bogus' -c "$TARGETS/counter"
echo "status $?"
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -x errtags -n 'pid$target:a.out:nosuchfunc:entry' -c "$TARGETS/counter" 2>"$tmp/err"
echo "status $?"
sed 's/pid[0-9][0-9]*:/pidPID:/' "$tmp/err" >&2
rm -rf "$tmp"
