# proves: the trampoline backend does not patch a site whose 5 bytes hold an exception landing pad (from the LSDA of its FDE in .eh_frame: padfn+3) or an address the object takes with a RIP-relative lea (takefn+3): -v names each reason, both sites fall back to uprobes and count every call, and the program's unwinding and computed jump still work (with either site patched it dies of SIGSEGV)
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/nostab.sh
"$UDTRACE" -v -x backend=trampoline -q -o "$tmp/trace" -n 'pid$target:a.out:padfn:3, pid$target:a.out:takefn:3 { @[probefunc] = count(); }' -c "$TARGETS/lpad" 2>"$tmp/err"
echo "status $?"
sed -n 's/^udtrace: trampoline: pid [0-9]* \([^ ]*\) (0x[0-9a-f]*): /\1: /p' "$tmp/err" | sort
nostab <"$tmp/trace" | grep -v '^$'
