# proves: a compile error in a -n program names the whole argument, with no line number, exit 1
"$UDTRACE" -n 'BEGIN { x = ; }'
