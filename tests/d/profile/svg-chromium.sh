# proves: stackformat=svg writes one self-contained SVG flame graph (-o file) that headless Chromium loads: its DOM holds the burner's frames as <title> and <text> elements (all, main, run, work, spin, helper), no external resource is referenced, and a screenshot of it is a non-trivial PNG
# timeout: 30
chromium=/usr/bin/chromium
if [ ! -x "$chromium" ]; then
	echo "skip: no $chromium (make deps installs Debian's chromium)"
	exit 77
fi
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x stackformat=svg -o "$tmp/fg.svg" -n '
profile-997 /pid == $target/ { @[ustack()] = count(); }' -c "$TARGETS/burner 15" >/dev/null
echo "status $?"
head -c 200 "$tmp/fg.svg" | grep -c '^<svg version="1.1"'
# only the SVG namespace is named; no href, no url(), no external script
grep -c 'href\|url(\|src=' "$tmp/fg.svg"
# one start of Chromium (seconds) for both the DOM and the screenshot
HOME=$tmp timeout 30 "$chromium" --headless --no-sandbox --disable-gpu \
    --disable-dev-shm-usage --user-data-dir="$tmp/profile" --no-first-run \
    --disable-extensions --disable-background-networking --disable-sync \
    --disable-component-update --hide-scrollbars \
    --screenshot="$tmp/fg.png" --window-size=1200,300 \
    --dump-dom "file://$tmp/fg.svg" >"$tmp/dom" 2>/dev/null
for f in all main run work spin helper; do
	t=$(grep -c "<title>$f ([0-9]* samples*, [0-9.]*%)</title>" "$tmp/dom")
	x=$(grep -c "<text [^>]*>$f</text>" "$tmp/dom")
	echo "$f title $t text $x"
done
size=$(stat -c %s "$tmp/fg.png" 2>/dev/null || echo 0)
[ "$size" -gt 5000 ] && echo "png ok" || echo "png too small: $size bytes"
head -c 8 "$tmp/fg.png" | od -An -c | tr -s ' '
rm -rf "$tmp"
