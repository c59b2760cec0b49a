# proves: a syntax error in a -n program is reported against the whole argument, without a line
"$UDTRACE" -n 'BEGIN { trace(1 +); }'
