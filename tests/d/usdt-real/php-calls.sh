# proves: on Debian's php8.2 with USE_ZEND_DTRACE=1, php$target:::function-entry counts every PHP function call of a known script exactly (leaf 12, middle 3, methods by name, main for the script body) and request-startup fires once; skipped only when php8.2 is absent
command -v php8.2 >/dev/null 2>&1 || { echo "skip: php8.2 not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
USE_ZEND_DTRACE=1 "$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'php$target:::function-entry { @[copyinstr(arg0)] = count(); } php$target:::request-startup { @r = count(); } END { printa("%-10s %@d\n", @); printa("request-startup %@d\n", @r); }' -c "php8.2 -n calls.php"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
