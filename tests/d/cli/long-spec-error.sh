# proves: an error about a -n program quotes the whole program, however long, then ": " and the reason, as dtrace's dfatal does
pad=$(printf '%09000d' 0 | tr 0 x)
prog="BEGIN { /* $pad */ } nosuch:::probe { }"
"$UDTRACE" -n "$prog" 2>&1 >/dev/null | python3 -c 'import sys; sys.stdout.write(sys.stdin.read().replace("x" * 9000, "[9000 x]"))'
