#!/usr/bin/env bash
# run-tests.sh — runs the unit executables and the D tests, prints one
# "N passed, M failed" closing line, exits non-zero when anything failed.
#
# Owns: how a test is run and judged (see the test format in README.md).
# Must not: build anything (make check does) or change the tree it tests.
# Invariant: a unit executable counts as the checks it reports on its
# "N passed, M failed" line; one that crashes, prints no such line, or
# exits non-zero with no failed check counts one extra failure. A D test
# (.d or .sh) counts as one test: stdout, stderr (after "DIF offset N"
# normalisation) and exit status must all match exactly. A .sh test that
# exits 77 (and does not expect 77) is skipped: it counts neither way, its
# first stdout line (the reason, e.g. "skip: php8.2 not installed") is
# shown, and the closing line adds ", K skipped". A .sh test may raise its
# time limit with a line "# timeout: SECONDS" among its first 5 lines.
# tests/shell/*.sh are .sh tests too: each drives the interactive shell
# through a pseudo-terminal (tests/shell/drive.py) and prints the screen.
#
# Usage: tests/run-tests.sh [-v] [-j jobs] [-k pattern]...
#   -v          also print a PASS line for every passing test
#   -j jobs     run this many tests at a time (default 2)
#   -k pattern  run only tests whose path matches the grep pattern
#               (repeatable: a test runs when any pattern matches)
#   UDTRACE=... the binary under test (default build/udtrace); unit tests
#               are taken from the tests/ folder beside it.
#   TARGETS     exported to .sh tests: the absolute path of the traced
#               programs make targets builds (build/targets beside UDTRACE).
#   UDTRACE_BACKENDS="ptrace uprobe trampoline"  tests under tests/d/pid/,
#               tests/d/usdt/, tests/d/faults/, tests/d/proc/ and
#               tests/d/syscall/ run once per backend named (default all
#               three),
#               each with UDTRACE_OPTS="-x backend=NAME" exported, which
#               such tests pass to udtrace; other tests see UDTRACE_OPTS
#               empty and run once.
#   TEST_TIME_SCALE=K  multiplies every test's time limit by K.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

verbose=0 jobs=2 patterns=()
while getopts "vj:k:" o; do
	case $o in
	v) verbose=1 ;;
	j) jobs=$OPTARG ;;
	k) patterns+=("$OPTARG") ;;
	*) echo "usage: $0 [-v] [-j jobs] [-k pattern]..." >&2; exit 2 ;;
	esac
done

UDTRACE=${UDTRACE:-$top/build/udtrace}
case $UDTRACE in /*) ;; *) UDTRACE=$top/$UDTRACE ;; esac
export UDTRACE
unitdir=$(dirname "$UDTRACE")/tests
TARGETS=${TARGETS:-$(dirname "$UDTRACE")/targets}
export TARGETS
backends=${UDTRACE_BACKENDS:-ptrace uprobe trampoline}
UDTRACE_OPTS=
export UDTRACE_OPTS
# TEST_TIME_SCALE=K multiplies every time limit by K (a machine shared by
# several builds): the limits catch hangs, they are not a speed test.
scale=${TEST_TIME_SCALE:-1}
timeout_s=$((10 * scale))

# One grep over the whole candidate list: a grep per pattern per test cost
# ~20,000 forks a run, minutes on a loaded machine before any test started.
select_paths() {
	if [ ${#patterns[@]} -eq 0 ]; then cat; return; fi
	local args=() p
	for p in "${patterns[@]}"; do args+=(-e "$p"); done
	grep "${args[@]}"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/udtrace-tests.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Each runner writes $work/<n>.res: line 1 "<passed> <failed> [skipped]",
# then the report to show (FAIL/PASS/SKIP line and diffs).

run_unit() {	# $1 = executable, $2 = result file
	local exe=$1 res=$2 out rc line p=0 f=0
	out=$(cd "$top" && timeout -k 2 "$timeout_s" "$exe" 2>"$res.err" </dev/null)
	rc=$?
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }; f=${f%% failed}
	fi
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	if [ -z "$line" ] && [ $rc -eq 0 ]; then f=1; fi
	{
		echo "$p $f"
		if [ "$f" -gt 0 ]; then
			echo "FAIL: ${exe#$top/} (exit status $rc${line:+, $line})"
			tail -n 20 "$res.err" | sed 's/^/    /'
		else
			echo "PASS: ${exe#$top/} ($p checks)"
		fi
	} >"$res"
}

run_d() {	# $1 = test path relative to $top, $2 = result file, $3 = backend
	local t=$1 res=$2 dir base name stem args rc want_status report="" tmo
	local label=$t${3:+ [$3]}
	UDTRACE_OPTS=${3:+-x backend=$3}
	# LeakSanitizer stops the world with ptrace at exit, which now and then
	# fails fatally in a process that is itself a tracer ("does not work
	# under ptrace"): tests that trace processes check leaks in the unit
	# tests, not at udtrace's exit. No effect on builds without ASan.
	case $t in
	tests/d/pid/*|tests/d/usdt*|tests/d/uprobe/*|tests/d/faults/*|\
	tests/d/proc/*|tests/d/syscall*|tests/d/profile/*|tests/d/hostile/*|tests/d/dwarf/*|tests/d/backend/*|\
	tests/shell/*)
		local ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
		export ASAN_OPTIONS ;;
	esac
	dir=$(dirname "$t") base=$(basename "$t")
	name=${base%.*} stem=$top/$dir/$name
	case $base in
	*.d)
		args=$(sed -n 's|^[[:space:]]*/\*[[:space:]]*args:\(.*\)\*/[[:space:]]*$|\1|p' "$t" | head -n 1)
		(cd "$dir" && exec timeout -k 2 "$timeout_s" \
		    sh -c "exec taskset -c 0 \"\$UDTRACE\" $args -s \"$base\"") \
		    >"$res.out" 2>"$res.raw" </dev/null
		rc=$? ;;
	*.sh)
		tmo=$(head -n 5 "$t" | sed -n 's/^# timeout: *\([0-9][0-9]*\) *$/\1/p' | head -n 1)
		[ -n "$tmo" ] && tmo=$((tmo * scale))
		(cd "$dir" && exec timeout -k 2 "${tmo:-$timeout_s}" sh "$base") \
		    >"$res.out" 2>"$res.raw" </dev/null
		rc=$? ;;
	esac
	sed -E 's/DIF offset [0-9]+/DIF offset N/g' "$res.raw" >"$res.errn"
	want_status=0
	[ -f "$stem.status" ] && want_status=$(tr -d ' \n' <"$stem.status")

	if [ "${base##*.}" = sh ] && [ "$rc" = 77 ] && [ "$want_status" != 77 ]; then
		{ echo "0 0 1"; echo "SKIP: $label ($(head -n 1 "$res.out"))"; } >"$res"
		return
	fi
	[ -f "$stem.out" ] && cp "$stem.out" "$res.wout" || : >"$res.wout"
	[ -f "$stem.err" ] && cp "$stem.err" "$res.werr" || : >"$res.werr"
	if ! cmp -s "$res.wout" "$res.out"; then
		report+="  stdout differs:"$'\n'
		report+=$(diff -u --label expected --label actual "$res.wout" "$res.out" | head -n 30 | sed 's/^/    /')$'\n'
	fi
	if ! cmp -s "$res.werr" "$res.errn"; then
		report+="  stderr differs:"$'\n'
		report+=$(diff -u --label expected --label actual "$res.werr" "$res.errn" | head -n 30 | sed 's/^/    /')$'\n'
	fi
	if [ "$rc" != "$want_status" ]; then
		report+="  exit status $rc, expected $want_status"
		[ "$rc" = 124 ] || [ "$rc" = 137 ] && report+=" (timed out after ${tmo:-$timeout_s}s)"
		report+=$'\n'
	fi
	{
		if [ -z "$report" ]; then
			echo "1 0"; echo "PASS: $label"
		else
			echo "0 1"; echo "FAIL: $label"; printf '%s' "$report"
		fi
	} >"$res"
}

tests=()
while IFS= read -r exe; do
	case $exe in /*) tests+=("unit:$exe") ;; *) tests+=("unit:$top/$exe") ;; esac
done < <(for exe in "$unitdir"/test_*; do
		[ -f "$exe" ] && [ -x "$exe" ] && printf '%s\n' "${exe#$top/}"
	done | select_paths)
while IFS= read -r t; do
	case $t in
	tests/d/pid/*|tests/d/usdt/*|tests/d/faults/*|tests/d/proc/*|tests/d/syscall/*)
		for b in $backends; do tests+=("d:$b:$t"); done ;;
	*)	tests+=("d::$t") ;;
	esac
done < <({ find tests/d \( -name '*.d' -o -name '*.sh' \) -type f; find tests/shell -name '*.sh' -type f; } 2>/dev/null | LC_ALL=C sort | select_paths)

# Tests that measure what a loaded machine changes (drops under overload,
# signals at random moments, processes started later, sampling, the
# SIGKILL watchdog, the uprobe unit test) run last and one at a time, so two hot tests never
# share the two cores: their answers must not depend on a neighbour.
heavy() {
	case $1 in
	*tests/d/uprobe/*|*tests/d/faults/*|*tests/d/profile/*|*tests/d/hostile/sigkill*) return 0 ;;
	# every uprobe it closes waits on the kernel's event_mutex behind the
	# closes of neighbouring uprobe tests (10 s seen; 4 s alone)
	unit:*/test_uprobe) return 0 ;;
	esac
	return 1
}

start() {	# $1 = test, $2 = result index
	case $1 in
	unit:*) run_unit "${1#unit:}" "$work/$2.res" & ;;
	d:*) local t=${1#d:}; run_d "${t#*:}" "$work/$2.res" "${t%%:*}" & ;;
	esac
}

# Counted here rather than with `jobs | wc` per test (two forks each).
n=${#tests[@]}
i=0 running=0
for t in "${tests[@]}"; do
	if ! heavy "$t"; then
		if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
		start "$t" $i
		running=$((running + 1))
	fi
	i=$((i + 1))
done
wait
i=0
for t in "${tests[@]}"; do
	if heavy "$t"; then
		start "$t" $i
		wait
	fi
	i=$((i + 1))
done

passed=0 failed=0 skipped=0 i=0
while [ $i -lt $n ]; do
	res=$work/$i.res
	if [ -f "$res" ]; then
		read -r p f k <"$res"
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + ${k:-0}))
		if [ "$f" -gt 0 ] || [ "${k:-0}" -gt 0 ] || [ $verbose -eq 1 ]; then tail -n +2 "$res"; fi
	else
		failed=$((failed + 1)); echo "FAIL: ${tests[$i]##*:} (runner lost its result)"
	fi
	i=$((i + 1))
done
closing="$passed passed, $failed failed"
[ $skipped -gt 0 ] && closing+=", $skipped skipped"
echo "$closing"
[ $failed -eq 0 ]
