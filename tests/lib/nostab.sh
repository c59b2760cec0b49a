# nostab.sh — `nostab` copies stdin to stdout without the stability report
# that -v prints for each enabled program (as dtrace -v does), for tests
# that use -v for udtrace's own per-site notes, not for that report.
# The report is a blank line, "Stability attributes for ...:", then
# groups of a blank line and tab-indented lines, then one blank line;
# everything else passes unchanged, the trace's blank lines included.
nostab() {
	awk '
	function line() {
		if ($0 == "") { held++; return }
		if (/^Stability attributes for / && held > 0) {
			held--; rep = 1; blank = 0; return
		}
		while (held > 0) { print ""; held-- }
		print
	}
	rep && /^\t/ { blank = 0; next }
	rep && $0 == "" && !blank { blank = 1; next }
	rep { rep = 0 }
	{ line() }
	END { while (held > 0) { print ""; held-- } }'
}
