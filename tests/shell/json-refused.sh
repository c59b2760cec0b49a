# proves: the interactive shell keeps text output: with -x oformat=json (or :set oformat=json) :go refuses to trace and says why, and the shell stays usable (:set oformat=text then traces)
. ./lib.inc
drive <<'SCRIPT'
args -I -q -x oformat=json
wait udtrace> 
send BEGIN { printf("hello\\n"); }\r
wait udtrace> 
send :go\r
wait udtrace> 
send :set oformat=text\r
wait udtrace> 
send :go\r
wait udtrace> 
send :quit\r
SCRIPT
drive_done
