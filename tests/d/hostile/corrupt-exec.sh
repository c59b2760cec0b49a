# proves: -c with files that are not (whole) ELF programs gives clear outcomes, never a crash or hang: a shell script and an empty file run through the shell as execvp does (no a.out function matches), a truncated copy of a target fails with "Exec format error", a missing file with libproc's "cannot find executable file" as dtrace prints it
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\necho hi from script\nexit 4\n' >"$tmp/script"
: >"$tmp/empty"
head -c 3000 "$TARGETS/counter" >"$tmp/truncated"
chmod +x "$tmp/script" "$tmp/empty" "$tmp/truncated"
for f in script empty truncated missing; do
	echo "-- $f"
	"$UDTRACE" -q -n 'pid$target:a.out:work:entry { @ = count(); }' -c "$tmp/$f" >"$tmp/out" 2>&1
	st=$?
	sed -e "s|$tmp/||g" -e 's/pid[0-9][0-9]*/pidN/g' "$tmp/out"
	echo "status $st"
	"$UDTRACE" -q -n 'BEGIN { printf("traced\n"); }' -c "$tmp/$f" >"$tmp/out" 2>&1
	st=$?
	sed -e "s|$tmp/||g" "$tmp/out"
	echo "status $st"
done
