# proves: options without any program are refused with "no probes specified", exit 1
"$UDTRACE" -q
