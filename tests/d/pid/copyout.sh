# proves: copyoutstr and copyout (-w) write into the target at the probe, before the function reads its argument; copyoutstr stops at the string's NUL and copyout at its byte count
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -w -q -o "$tmp/trace" -n 'BEGIN { n = 0; } pid$target:a.out:greet:entry /n == 0/ { copyoutstr("carol", arg0, 32); } pid$target:a.out:greet:entry /n == 1/ { this->b = (char *)alloca(2); this->b[0] = 66; this->b[1] = 79; copyout(this->b, arg0, 2); } pid$target:a.out:greet:entry { n++; }' -c "$TARGETS/strings"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
