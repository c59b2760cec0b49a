# proves: an option missing its argument is reported, followed by the usage text, exit 2
"$UDTRACE" -q -n
