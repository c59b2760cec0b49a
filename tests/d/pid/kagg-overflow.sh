# proves: when the trampoline's fold table has no room for a key (8192 keys of @k and of @lo, more than its 4096 entries), those hits go through records instead, whole (every clause of the probe, none counted twice): 18000 calls give exactly @n 18000, @t the sum of 0..17999, the hits of every one of @k's 8192 keys (3 below 1616, else 2), each key's least value and 18000 hits over @k2's 7, the same on every backend
# timeout: 120
"$UDTRACE" $UDTRACE_OPTS -q -n '
pid$target:a.out:work:entry { @k[arg0 & 8191] = count(); }
pid$target:a.out:work:entry { @n = count(); }
pid$target:a.out:work:entry { @t = sum(arg0); }
pid$target:a.out:work:entry { @k2[arg0 & 7] = count(); }
pid$target:a.out:work:entry { @lo[arg0 & 8191] = min(arg0); }
END
{
	printa("n %@d\n", @n); printa("t %@d\n", @t); printa("k2 %d %@d\n", @k2);
	printa("k %d %@d\n", @k); printa("lo %d %@d\n", @lo);
}' -c "$TARGETS/kagg 12000" | awk '
	/^k / { if ($3 == ($2 < 1616 ? 3 : 2)) k++; else print "bad", $0; next }
	/^lo / { if ($3 == $2) lo++; else print "bad", $0; next }
	{ print }
	END { print "keys with their hits", k; print "keys with their least value", lo }'
