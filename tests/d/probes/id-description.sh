# proves: an integer probe description is a probe id under -n and in scripts as under -i; -P/-m/-f refuse one, ids above UINT_MAX are refused, id 0 names no probe, and an unmatched id is reported with its empty fields as dtrace does
cd "$(mktemp -d)" || exit 1
printf '1\n{\n\tprintf("%%s\\n", probename);\n\texit(0);\n}\n' > byid.d
"$UDTRACE" -q -n '1 { printf("%s\n", probename); exit(0); }'; echo "n: $?"
"$UDTRACE" -q -s byid.d; echo "s: $?"
"$UDTRACE" -q -n 'END,0x1 { printf("%s\n", probename); exit(0); }'; echo "list: $?"
"$UDTRACE" -xerrtags -P 1 -e; echo "P: $?"
"$UDTRACE" -xerrtags -f 2 -e; echo "f: $?"
"$UDTRACE" -xerrtags -i 4294967296 -e; echo "max: $?"
"$UDTRACE" -xerrtags -i 99999 -e; echo "none: $?"
"$UDTRACE" -l -i 99999; echo "l: $?"
"$UDTRACE" -xerrtags -i 0 -e; echo "zero: $?"
rm -rf "$PWD"
