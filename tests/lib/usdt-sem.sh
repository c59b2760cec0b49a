#!/bin/sh
# usdt-sem.sh — the value of a USDT probe's semaphore (is-enabled counter)
# in a live process, read from /proc/PID/mem, so tests can show udtrace
# raised it while tracing and put it back when tracing ended.
#
# Usage: usdt-sem.sh PID FILE PROVIDER NAME
#   FILE is the executable or library holding the probe's stapsdt note;
#   NAME as written in the note (query__start). Prints the unsigned short
#   value; exits 1 (message on stderr) if the probe has no semaphore, FILE
#   is not mapped in PID, or the memory cannot be read. Must not: stop or
#   signal the process (root reads /proc/PID/mem without ptrace-attaching).
# Invariant: address = note semaphore + (.stapsdt.base section address −
# the note's base, non-zero only for prelinked files) + load bias of FILE
# (first mapping at file offset 0 minus the lowest PT_LOAD vaddr rounded
# down to a page; 0 for ET_EXEC).

[ $# -eq 4 ] || { echo "usage: $0 PID FILE PROVIDER NAME" >&2; exit 2; }
pid=$1 file=$2 prov=$3 name=$4
real=$(readlink -f "$file")

line=$(readelf -n "$file" | awk -v p="$prov" -v n="$name" '
	/^ *Provider: / { cp = $2 }
	/^ *Name: / { cn = $2 }
	/^ *Location: / && cp == p && cn == n {
		gsub(/,/, ""); print $4, $6; exit
	}')
[ -n "$line" ] || { echo "$file: no probe $prov:$name" >&2; exit 1; }
set -- $line
base=$(($1)) sem=$(($2))
[ "$sem" -ne 0 ] || { echo "$prov:$name has no semaphore" >&2; exit 1; }
sbase=$(readelf -SW "$file" | sed -n 's/.*\] \.stapsdt\.base *[A-Z]* *\([0-9a-f]*\) .*/\1/p')
[ -n "$sbase" ] && sem=$((sem + 0x$sbase - base))

etype=$(readelf -hW "$file" | sed -n 's/^ *Type: *\([A-Z_]*\).*/\1/p')
if [ "$etype" = DYN ]; then
	lowest=$(readelf -lW "$file" | awk '$1 == "LOAD" { print $3; exit }')
	start=$(awk -v f="$real" '$6 == f && $3 == "00000000" { split($1, a, "-"); print a[1]; exit }' "/proc/$pid/maps")
	[ -n "$start" ] || { echo "$file is not mapped in pid $pid" >&2; exit 1; }
	sem=$((sem + 0x$start - (lowest & ~4095)))
fi
v=$(dd if="/proc/$pid/mem" iflag=skip_bytes,count_bytes skip="$sem" count=2 bs=2 2>/dev/null | od -An -tu2 | tr -d ' ')
[ -n "$v" ] || { echo "cannot read pid $pid at $sem" >&2; exit 1; }
echo "$v"
