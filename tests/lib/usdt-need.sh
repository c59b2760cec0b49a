#!/bin/sh
# usdt-need.sh — sourced by USDT tests: need_target NAME... exits the test
# with status 77 (the runner's "skipped") and a "skip: ..." line when a
# target built from a provider .d is missing because `udtrace -h` failed
# (the Makefile's gate). Must not: hide a missing target once the gate is
# gone: then a missing target is a real failure.
need_target() {
	for t in "$@"; do
		if [ ! -e "$TARGETS/$t" ]; then
			echo "skip: $t not built (udtrace -h failed)"
			exit 77
		fi
	done
}
