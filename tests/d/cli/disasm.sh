# proves: -S prints the DIF of the program on stderr and still traces
"$UDTRACE" -S -q -n 'BEGIN { printf("traced\n"); exit(0); }' 2>dif.txt.$$
echo "status $?"
test -s dif.txt.$$ && echo "DIF printed"
rm -f dif.txt.$$
