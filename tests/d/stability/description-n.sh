# proves: a -n program's report names the description as the matched notice crops it, and each program gets its own report
"$UDTRACE" -q -v -n 'dtrace:::BEGIN { trace(ntohs(1)); }' -n 'BEGIN /1/ { exit(0); }'
