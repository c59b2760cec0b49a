# proves: -I followed by a path keeps its cpp meaning (include directory) while -I with no path, and --shell, open the shell
. ./lib.inc
d=$(mktemp -d)
echo '#define GREETING "from the include dir"' >"$d/greet.h"
printf '#include <greet.h>\nBEGIN { printf("%%s\\n", GREETING); exit(0); }\n' >"$d/x.d"
"$UDTRACE" -q -C -I "$d" -s "$d/x.d"
"$UDTRACE" -q -C -I"$d" -s "$d/x.d"
drive <<'SCRIPT'
args --shell -q -n 'BEGIN{printf("shell\n");}'
wait udtrace> 
send :go\r
wait udtrace> 
send \x04
SCRIPT
drive <<'SCRIPT'
args -q -I
wait udtrace> 
send :quit\r
SCRIPT
rm -rf "$d"
drive_done
