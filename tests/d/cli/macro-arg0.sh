# proves: $0 of a -n program is udtrace's own argv[0], as dtrace gives its argv[0], while a script's $0 is its path
cd "$(mktemp -d)" || exit 1
printf 'BEGIN { printf("%%s %%s\\n", $0, $$0); exit(0); }\n' > arg0.d
"$UDTRACE" -q -n 'BEGIN { printf("%s\n", $$0); exit(0); }' | sed "s|^$UDTRACE\$|argv0|"
"$UDTRACE" -q -s arg0.d
rm -rf "$PWD"
