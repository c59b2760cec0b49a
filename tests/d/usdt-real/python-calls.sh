# proves: on Debian's python3.11, python$target:::function-return counts every call of a known script's functions exactly (leaf 12, middle 3, hello 1, class body 1, module 1); function-entry alone fires just twice in the run (3.11.2 fires it only on its frame-resume path unless tracing is on — perf counts the same 2), but with the line probe enabled too the interpreter takes its tracing path and function-entry counts every call exactly, and each executed line is counted exactly; skipped only when python3.11 is absent
py=/usr/bin/python3.11
[ -x "$py" ] || { echo "skip: python3.11 not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
script=$(pwd)/calls.py
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
python$target:::function-return /copyinstr(arg0) == $$1/ { @ret[copyinstr(arg1)] = count(); }
python$target:::function-entry { @all = count(); }
END { printa("return %-10s %@d\n", @ret); printa("entry, whole run %@d\n", @all); }' -c "$py -S -E $script" "$script"
echo "status $?"
cat "$tmp/trace"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace2" -n '
python$target:::function-entry /copyinstr(arg0) == $$1/ { @entry[copyinstr(arg1)] = count(); }
python$target:::line /copyinstr(arg0) == $$1/ { @line[copyinstr(arg1), arg2] = count(); }
END { printa("entry %-10s %@d\n", @entry); printa("line %-10s %3d %@d\n", @line); }' -c "$py -S -E $script" "$script"
echo "status $?"
cat "$tmp/trace2"
rm -rf "$tmp"
