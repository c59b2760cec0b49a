# proves: a boolean option given an empty value ("-x quiet=", "#pragma D option quiet=") is unset, as dtrace's dt_opt_runtime, while "quiet=0" still sets it
"$UDTRACE" -q -x quiet= -n 'BEGIN { exit(0); }' 2>&1 | sed 's/^ *[0-9]* /CPU /'
cd "$(mktemp -d)" || exit 1
printf '#pragma D option quiet\n#pragma D option quiet=\nBEGIN { exit(0); }\n' > unset.d
"$UDTRACE" -s unset.d 2>&1 | sed 's/^ *[0-9]* /CPU /'
"$UDTRACE" -x quiet=0 -n 'BEGIN { exit(0); }' 2>&1
rm -rf "$PWD"
