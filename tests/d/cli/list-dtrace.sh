# proves: -l lists the dtrace provider's probes with the ID/PROVIDER/MODULE/FUNCTION/NAME layout
"$UDTRACE" -l -P dtrace
