# proves: -32 and -64 are the only data models; any other -3x/-6x is illegal (exit 2)
"$UDTRACE" -64 -q -n 'BEGIN { printf("64 ok\n"); exit(0); }'
echo "status $?"
"$UDTRACE" -33 -n BEGIN
