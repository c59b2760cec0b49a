# proves: a sample's arg0 is 0 and arg1 the user pc (uregs[R_PC]); arg1 falls in the burner's own text (umod burner, ufunc burner`spin for most samples, counts summed over pcs), pid/tid/execname are the sampled thread's, and a thread created after tracing began is sampled too (inherited events)
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -n '
profile-997 /pid == $target/ {
	@pc[arg0, arg1 == uregs[R_PC], execname] = count();
	@thr[tid == pid ? "main-thread" : "other-thread"] = count();
	@mod[umod(arg1)] = count();
	@fn[ufunc(arg1)] = count();
}
END { printa("pc %d %d %s %@d\n", @pc); printa("thr %s %@d\n", @thr); printa(@mod); printa(@fn); }' \
    -c "$TARGETS/burner 15 thread" >"$tmp/out"
echo "status $?"
sed -n '1p' "$tmp/out"
grep '^pc ' "$tmp/out" | sed 's/ [1-9][0-9]*$/ N/'
grep '^thr ' "$tmp/out" | sort -k3 -n | tail -n 1 | sed 's/ [1-9][0-9]*$/ N/'
# text, count rows: the name with the most samples in each aggregation
awk '$1 !~ /`/ && NF == 2 && $2 ~ /^[0-9]+$/ { m[$1] += $2 } END { for (k in m) print k, m[k] }' "$tmp/out" |
    sort -k2 -n | tail -n 1 | sed 's/ [1-9][0-9]*$/ N/'
awk '$1 ~ /`/ && NF == 2 { f[$1] += $2 } END { for (k in f) print k, f[k] }' "$tmp/out" |
    sort -k2 -n | tail -n 1 | sed 's/ [1-9][0-9]*$/ N/'
rm -rf "$tmp"
