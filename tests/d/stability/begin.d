/* proves: dtrace -v reports a script's minimum attributes after its matched notice: BEGIN alone names no provider (_dtrace_prvdesc, Unstable), exit() is Stable */
/* args: -v */
BEGIN { exit(0); }
