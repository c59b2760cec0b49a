#!/bin/sh
# usdt-need.sh — sourced by USDT tests: need_target NAME... fails the test
# at once, naming what is missing, when a target built by make targets
# (USDT ones through `udtrace -h`) is absent, instead of a page of diffs.
# Must not: skip: since -h landed, a missing target is a real failure
# (make targets builds them all, or fails itself).
need_target() {
	for t in "$@"; do
		if [ ! -e "$TARGETS/$t" ]; then
			echo "missing target $TARGETS/$t (make targets)" >&2
			exit 1
		fi
	done
}
