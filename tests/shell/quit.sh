# proves: -I -c cmd: pid$target completion offers the command's modules and libc's functions (enumerated on demand); :quit while tracing fires END, prints it, kills the -c child and exits 0
. ./lib.inc
drive <<'SCRIPT'
args -q -I -c "sleep 61.5"
wait udtrace> 
send pid$target:a.o\t
sleep 0.3
send \x03
wait ^C
wait udtrace> 
send pid$target:libc.so.6:nanosl\t
sleep 0.3
send \x03
wait ^C
wait udtrace> 
send BEGIN { printf("traced %s\\n", $target > 0 ? "yes" : "no"); }\r
wait udtrace> 
send END { printf("end\\n"); }\r
wait udtrace> 
send :go\r
wait traced
wait udtrace> 
send :quit\r
SCRIPT
drive_done
pgrep -f '^sleep 61[.]5$' >/dev/null && echo "sleep still running" || echo "sleep gone"
