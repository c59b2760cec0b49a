# proves: an unknown option is reported as illegal, followed by the usage text, exit 2
"$UDTRACE" -k -n BEGIN
