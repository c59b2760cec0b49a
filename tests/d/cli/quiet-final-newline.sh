# proves: -q prints only what the program prints, plus the closing newline dtrace always writes
"$UDTRACE" -q -n 'BEGIN { printf("ok\n"); exit(0); }'
