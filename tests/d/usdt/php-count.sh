# proves: a PHP-shaped provider whose function probes sit behind their is-enabled guards (as PHP's do): tracing function-entry raises only its semaphore, every call fires once (exact counts per function name), and request-startup/-shutdown fire once each
. ../../lib/usdt-need.sh
need_target phpish
"$UDTRACE" $UDTRACE_OPTS -q -n 'phpish$target:::function-entry { @[copyinstr(arg0)] = count(); } phpish$target:::request-* { @r[probename] = count(); }' -c "$TARGETS/phpish"
