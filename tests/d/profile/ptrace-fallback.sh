# proves: where perf events are refused (forced here with UDTRACE_PROFILE_PTRACE=1) profile-N still samples the target, through the ptrace backend interrupting each running thread: folded stacks of the burner's thread end in start;run;work;spin, arg0 is 0 and arg1 the pc, and tick-100ms fires alongside (a lone frame, a sample taken at _start before main, is left out)
tmp=$(mktemp -d) || exit 1
UDTRACE_PROFILE_PTRACE=1 "$UDTRACE" $UDTRACE_OPTS -q -x stackformat=folded -n '
profile-997 /pid == $target/ { @[ustack()] = count(); @pc[arg0, arg1 == uregs[R_PC]] = count(); }
tick-100ms { @ticks = count(); }' -c "$TARGETS/burner 15 thread" >"$tmp/out"
echo "status $?"
grep ';' "$tmp/out" | tail -n 1 | sed 's/^.*;start;/start;/; s/ [1-9][0-9]*$/ N > 0/'
grep -v ';' "$tmp/out" | grep -v '^[^ ]* [0-9][0-9]*$' | sed 's/ *[1-9][0-9]*$/ N > 0/'
rm -rf "$tmp"
