#!/bin/sh
# check-text.sh — proves a traced process carries no leftover instrumentation:
# compares the bytes of functions in a live process (/proc/PID/mem) with
# the same bytes of the ELF file on disk.
#
# Usage: check-text.sh PID FILE FUNC...
# Prints one line per function, "FUNC: text matches the file" or
# "FUNC: text differs from the file" (then both dumps on stderr), and exits
# 1 if any differs or cannot be read. Must not: stop or signal the process
# (reading /proc/PID/mem needs only ptrace-read access, which root has).
# Invariant: the process address is the symbol's value plus the load bias
# of FILE's mapping (0 for ET_EXEC); the file offset comes from the
# PT_LOAD segment that holds the symbol.

[ $# -ge 3 ] || { echo "usage: $0 PID FILE FUNC..." >&2; exit 2; }
pid=$1 file=$2
shift 2
real=$(readlink -f "$file")

# Load bias: first mapping of the file (file offset 0) minus the lowest
# PT_LOAD vaddr rounded down to a page.
etype=$(readelf -hW "$file" | sed -n 's/^ *Type: *\([A-Z_]*\).*/\1/p')
lowest=$(readelf -lW "$file" | awk '$1 == "LOAD" { print $3; exit }')
if [ "$etype" = DYN ]; then
	start=$(awk -v f="$real" '$6 == f && $3 == "00000000" { split($1, a, "-"); print a[1]; exit }' "/proc/$pid/maps")
	[ -n "$start" ] || { echo "$file is not mapped in pid $pid" >&2; exit 1; }
	bias=$(( 0x$start - ($lowest & ~4095) ))
else
	bias=0
fi

bad=0
for func in "$@"; do
	line=$(readelf -sW "$file" | awk -v f="$func" '$4 == "FUNC" && $8 == f { print $2, $3; exit }')
	if [ -z "$line" ]; then
		echo "$func: no such function in $file" >&2; bad=1; continue
	fi
	set -- $line
	value=$((0x$1)) size=$2
	# File offset through the PT_LOAD segment holding the symbol.
	foff=
	while read -r typ off va pa fsz rest; do
		[ "$typ" = LOAD ] || continue
		if [ "$value" -ge $((va)) ] && [ "$value" -lt $((va + fsz)) ]; then
			foff=$((value - va + off)); break
		fi
	done <<LOADS
$(readelf -lW "$file")
LOADS
	[ -n "$foff" ] || { echo "$func: not in a loaded segment" >&2; bad=1; continue; }
	addr=$((bias + value))
	want=$(dd if="$file" iflag=skip_bytes,count_bytes skip="$foff" count="$size" bs=4096 2>/dev/null | od -An -tx1 -v)
	got=$(dd if="/proc/$pid/mem" iflag=skip_bytes,count_bytes skip="$addr" count="$size" bs=4096 2>/dev/null | od -An -tx1 -v)
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		echo "$func: text matches the file"
	else
		echo "$func: text differs from the file"
		printf 'file:\n%s\nprocess:\n%s\n' "$want" "$got" >&2
		bad=1
	fi
done
exit $bad
