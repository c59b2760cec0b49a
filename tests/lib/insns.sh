#!/bin/sh
# insns.sh — the instructions of one function as "OFFSET MNEMONIC" lines
# (offset from the function start, hex without 0x), read from the file
# with objdump, so tests can name return sites, tail jumps and offsets
# without hard-coding what this compiler emitted.
#
# Usage: insns.sh FILE FUNC
# Must not: guess: only addresses inside the symbol's size are printed.
[ $# -eq 2 ] || { echo "usage: $0 FILE FUNC" >&2; exit 2; }
file=$1 func=$2
set -- $(readelf -sW "$file" | awk -v f="$func" '$4 == "FUNC" && $8 == f { print $2, $3; exit }')
[ $# -eq 2 ] || { echo "$func: no such function in $file" >&2; exit 1; }
start=$((0x$1)) size=$2
objdump -d --no-show-raw-insn --disassemble="$func" "$file" |
while IFS= read -r line; do
	case $line in
	*:"	"*) ;;
	*) continue ;;
	esac
	a=${line%%:*}; a=$(echo $a)
	case $a in *[!0-9a-f]*|"") continue ;; esac
	off=$((0x$a - start))
	[ $off -ge 0 ] && [ $off -lt $size ] || continue
	m=$(printf '%s\n' "${line#*:}" | awk '{ print $1 }')
	printf '%x %s\n' $off "$m"
done
