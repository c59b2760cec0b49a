# proves: -s - reads the program from standard input
printf 'BEGIN { printf("from stdin\\n"); exit(0); }\n' | "$UDTRACE" -q -s -
