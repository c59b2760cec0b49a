# proves: -w prints "allowing destructive actions" unless quiet
taskset -c 0 "$UDTRACE" -w -n 'BEGIN { exit(0); }' >/dev/null
echo "status $?"
"$UDTRACE" -w -q -n 'BEGIN { exit(0); }'
