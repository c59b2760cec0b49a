# proves: -e compiles and matches, prints nothing (no notice) and exits 0 without firing BEGIN
"$UDTRACE" -e -n 'BEGIN { printf("must not print\n"); exit(3); }'
