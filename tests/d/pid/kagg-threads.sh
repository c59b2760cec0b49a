# proves: four threads folding into the trampoline's table at once (lock-free claims and updates of shared entries) lose and double nothing: 20000 calls per thread give exactly 20000, the sum of 0..19999 and the greatest value 19999 under each thread's key, as one record per hit does on every backend
# timeout: 60
"$UDTRACE" $UDTRACE_OPTS -q -n '
pid$target:a.out:work:entry { @c[arg1] = count(); }
pid$target:a.out:work:entry { @s[arg1] = sum(arg0); }
pid$target:a.out:work:entry { @mx[arg1] = max(arg0); }
pid$target:a.out:work:entry { @all = count(); }
END { printa("c %d %@d\n", @c); printa("s %d %@d\n", @s); printa("mx %d %@d\n", @mx); printa("all %@d\n", @all); }' -c "$TARGETS/kagg 20000 4"
echo "status $?"
