# proves: udtrace with no arguments prints the usage text on stderr and exits 2
"$UDTRACE"
