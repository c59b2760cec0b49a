# proves: USDT argument specs decode with their exact width and sign: 1/2/4/8-byte signed and unsigned values from constants (1@$-56 is 200), frame slots (-8@-16(%rbp)), byte/word registers (%dil, %r9w), an array element indexed by a variable (-4@8(%rdx,%rax,4)) and a struct field; twelve arguments with args[10] and args[11]; the note is checked to hold each operand kind first
. ../../lib/usdt-need.sh
need_target usdtargs
specs=$(readelf -n "$TARGETS/usdtargs" | sed -n 's/^ *Arguments: //p')
for k in 'constant written negative for an unsigned byte:1@\$-56' 'frame slot:@-[0-9]*(%rbp)' 'byte register:@%dil' 'word register:@%r9w' 'indexed memory:@-*[0-9]*(%r[a-z0-9]*,%r[a-z0-9]*,4)'; do
	if printf '%s\n' "$specs" | grep -q -e "${k#*:}"; then echo "note has ${k%%:*}"; else echo "note lacks ${k%%:*}"; fi
done
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
usdtargs$target:::signed, usdtargs$target:::frame-signed { printf("%s %d %d %d %d\n", probename, arg0, arg1, arg2, arg3); }
usdtargs$target:::unsigned, usdtargs$target:::frame-unsigned { printf("%s %d %d %d %x\n", probename, arg0, arg1, arg2, arg3); }
usdtargs$target:::consts { printf("%s %d %d\n", probename, arg0, arg1); }
usdtargs$target:::record { printf("%s %d %d %d\n", probename, arg0, arg1, arg2); }
usdtargs$target:::regs { printf("%s %d %d %d %d %d %d\n", probename, arg0, arg1, arg2, arg3, arg4, arg5); }
usdtargs$target:::twelve { printf("%s %d %d %d %d %d %d %d %d %d %d %d %d\n", probename, arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, args[10], args[11]); }' -c "$TARGETS/usdtargs"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
