# proves: a BEGIN clause typed at the prompt prints when :go fires it; the banner and "matched" notice show without -q; :quit leaves with status 0
. ./lib.inc
drive <<'SCRIPT'
args -I
wait udtrace> 
send BEGIN { printf("hello from BEGIN\\n"); }\r
wait udtrace> 
send :go\r
wait udtrace> 
send :quit\r
SCRIPT
drive_done
