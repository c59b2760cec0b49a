# proves: -C runs the preprocessor and -D defines its macros
"$UDTRACE" -C -D GREETING='"hi"' -q -n 'BEGIN { printf("%s\n", GREETING); exit(0); }'
