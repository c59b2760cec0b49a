# proves: -x droptags prefixes each drop message with its DTRACEDROP_ kind, as dt_handle.c does
"$UDTRACE" -q -x droptags -x nspec=1 -n 'BEGIN { s = speculation(); t = speculation(); speculate(t); trace(1); } BEGIN { exit(0); }'
echo "status $?"
taskset -c 0 "$UDTRACE" -q -x droptags -x bufsize=48 -n 'BEGIN { printf("%s", "0123456789012345678901234567890123456789"); } BEGIN { exit(0); }'
echo "status $?"
"$UDTRACE" -q -x nspec=1 -n 'BEGIN { s = speculation(); t = speculation(); speculate(t); trace(1); } BEGIN { exit(0); }'
echo "status $?"
