# proves: offset probes fire at their instruction: offset 0 on every call, and the mid-function `mov $0x2` (objdump) only on the path taken for 42, with uregs[R_RDI] = 42 there
tmp=$(mktemp -d) || exit 1
off=$(sh ../../lib/insns.sh "$TARGETS/multiret" classify | awk '$2 == "mov" { n++ } $2 == "ret" && !r { r = 1; print prev } { prev = $1 }')
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n "pid\$target:a.out:classify:0 { @zero = count(); } pid\$target:a.out:classify:$off { printf(\"%s rdi=%d\\n\", probename == \"$off\" ? \"mid\" : probename, (int)uregs[R_RDI]); } END { printa(\"offset 0 fired %@d times\\n\", @zero); }" -c "$TARGETS/multiret" >/dev/null
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
