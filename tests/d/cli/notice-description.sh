# proves: -n prints "description '<arg up to {, / or ;>' matched N probe(s)" on stderr and default output on stdout
taskset -c 0 "$UDTRACE" -n 'BEGIN { exit(0); }'
taskset -c 0 "$UDTRACE" -n 'dtrace:::BEGIN,dtrace:::END/1/{ exit(0); }'
taskset -c 0 "$UDTRACE" -n 'END' -n 'BEGIN { exit(0); }'
