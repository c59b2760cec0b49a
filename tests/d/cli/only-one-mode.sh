# proves: two of -A -G -h -l -V together are refused with exit 2
"$UDTRACE" -l -V
