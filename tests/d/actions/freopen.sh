# proves: freopen() appends later output to a file, freopen("") restores stdout, ftruncate() empties the current file
T=$(mktemp -d)
"$UDTRACE" -qw -n 'BEGIN { printf("one\n"); freopen("'"$T"'/out.%d", 1); printf("two\n"); ftruncate(); printf("three\n"); freopen(""); printf("four\n"); exit(0); }' 2>&1
echo "file:"
cat "$T/out.1"
rm -rf "$T"
