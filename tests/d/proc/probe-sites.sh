# proves: the proc probes carry the module and function of their illumos sites, so DTrace's descriptions (proc::proc_exit:exit, proc:genunix::lwp-exit, proc:unix::) match and -l lists them, and a process's end fires lwp-exit once in proc_exit (its last thread) while each other thread's end fires it in lwp_exit
"$UDTRACE" -l -n 'proc::proc_exit:'
"$UDTRACE" -l -n 'proc:unix::'
"$UDTRACE" $UDTRACE_OPTS -q -n '
proc:genunix::lwp-exit
/pid == $target/
{
	@[probemod, probefunc, probename] = count();
}
proc::proc_exit:exit
/pid == $target/
{
	printf("%s:%s:%s %d\n", probemod, probefunc, probename, args[0]);
}' -c "$TARGETS/threads"
echo "status $?"
