# proves: raise() before a fault in its clause is done, as dtrace_probe() acts at once: the target handles one SIGUSR1 more though the clause faults
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -w -q -n '
pid$target:a.out:on_usr1:entry
/!done/
{
	done = 1;
	raise(SIGUSR1);
	x = *(int *)8;
}' -c "$TARGETS/signals" 2>"$tmp/err"
echo "udtrace status $?"
sed 's/(ID [0-9]*: pid[0-9]*:/(ID P: pidN:/; s/DIF offset [0-9]*/DIF offset N/' "$tmp/err"
