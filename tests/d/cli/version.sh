# proves: -V prints the D version on stdout and exits 0 without tracing
"$UDTRACE" -V
