# proves: -l lists the proc provider's probes, and proc:::start's args[0] is refused as it has none
"$UDTRACE" -l -P proc
"$UDTRACE" -n 'proc:::start { trace(args[0]); }'
echo "status $?"
