# proves: the status of exit(n) becomes the exit status of udtrace
"$UDTRACE" -q -n 'BEGIN { exit(3); }'
