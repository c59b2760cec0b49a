# waitfor.sh — sourced by .sh tests that drive a target and udtrace
# through files. waitfor FILE LINE [SECONDS]: poll every 20 ms, for at
# most SECONDS (default 8), until FILE holds a whole line matching the
# extended regular expression LINE.
# Must not: fail the test by itself: on a time-out it returns 1 and the
# test's own output comparison shows what never came.
# Invariant: nothing but the shell and grep (tests run under sh).
waitfor() {
	_wf_n=$(( ${3:-8} * 50 )) _wf_i=0
	until grep -Eqx -- "$2" "$1" 2>/dev/null; do
		[ "$_wf_i" -ge "$_wf_n" ] && return 1
		sleep 0.02
		_wf_i=$((_wf_i + 1))
	done
	return 0
}
