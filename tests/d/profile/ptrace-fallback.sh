# proves: where perf events are refused (forced here with UDTRACE_PROFILE_PTRACE=1) profile-N still samples the target, through the ptrace backend interrupting each running thread: the burner's thread is sampled in start;run;work;spin (where it spends nine tenths of its time), arg0 is 0 and arg1 the pc, and tick-100ms fires alongside (40 rounds, about 320 ms: with 15, about 120, the run sometimes ended before the first tick on an idle machine) (a lone frame, a sample taken at _start before main, is left out)
tmp=$(mktemp -d) || exit 1
UDTRACE_PROFILE_PTRACE=1 "$UDTRACE" $UDTRACE_OPTS -q -x stackformat=folded -n '
profile-997 /pid == $target/ { @[ustack()] = count(); @pc[arg0, arg1 == uregs[R_PC]] = count(); }
tick-100ms { @ticks = count(); }' -c "$TARGETS/burner 40 thread" >"$tmp/out"
echo "status $?"
# spin's stack, summed over its lines (a folded line per distinct pc).
# Not "the stack with most samples": spin holds nine tenths of the CPU,
# but under heavy load the ptrace sampler once caught helper more often
grep ';' "$tmp/out" | sed 's/^.*;start;/start;/' |
    awk '{ n[$1] += $2 } END { for (k in n) print n[k], k }' |
    grep ' start;run;work;spin$' | sed 's/^[1-9][0-9]* \(.*\)$/\1 N > 0/'
grep -v ';' "$tmp/out" | grep -v '^[^ ]* [0-9][0-9]*$' | sed 's/ *[1-9][0-9]*$/ N > 0/'
rm -rf "$tmp"
