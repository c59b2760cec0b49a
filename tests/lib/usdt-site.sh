#!/bin/sh
# usdt-site.sh — the byte at a USDT probe's site (its nop) in a live
# process, read from /proc/PID/mem, so tests can show that no int3 of
# udtrace's stayed in a process after tracing ended (90: the nop; cc: an
# int3).
#
# Usage: usdt-site.sh PID FILE PROVIDER NAME
#   as usdt-sem.sh: FILE holds the stapsdt note, NAME as the note writes
#   it. Prints the byte in hex; exits 1 (message on stderr) if FILE is not
#   mapped in PID or the memory cannot be read. Must not: stop or signal
#   the process.
# Invariant: address = note location + load bias of FILE (first mapping at
# file offset 0 minus the lowest PT_LOAD vaddr rounded down to a page; 0
# for ET_EXEC). The first matching note only.

[ $# -eq 4 ] || { echo "usage: $0 PID FILE PROVIDER NAME" >&2; exit 2; }
pid=$1 file=$2 prov=$3 name=$4
real=$(readlink -f "$file")

loc=$(readelf -n "$file" | awk -v p="$prov" -v n="$name" '
	/^ *Provider: / { cp = $2 }
	/^ *Name: / { cn = $2 }
	/^ *Location: / && cp == p && cn == n {
		gsub(/,/, ""); print $2; exit
	}')
[ -n "$loc" ] || { echo "$file: no probe $prov:$name" >&2; exit 1; }
addr=$((loc))
etype=$(readelf -hW "$file" | sed -n 's/^ *Type: *\([A-Z_]*\).*/\1/p')
if [ "$etype" = DYN ]; then
	lowest=$(readelf -lW "$file" | awk '$1 == "LOAD" { print $3; exit }')
	start=$(awk -v f="$real" '$6 == f && $3 == "00000000" { split($1, a, "-"); print a[1]; exit }' "/proc/$pid/maps")
	[ -n "$start" ] || { echo "$file is not mapped in pid $pid" >&2; exit 1; }
	addr=$((addr + 0x$start - (lowest & ~4095)))
fi
v=$(dd if="/proc/$pid/mem" iflag=skip_bytes,count_bytes skip="$addr" count=1 bs=1 2>/dev/null | od -An -tx1 | tr -d ' ')
[ -n "$v" ] || { echo "cannot read pid $pid at $addr" >&2; exit 1; }
echo "$v"
