# proves: non-option words are macro arguments $1 $2 and options may follow them
"$UDTRACE" -n 'BEGIN { printf("%d %s\n", $1, $$2); exit(0); }' 42 hello -q
