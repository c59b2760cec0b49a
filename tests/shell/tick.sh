# proves: a tick clause runs between :go and :stop while the prompt stays live; :stop fires END and prints the aggregations; Ctrl-C stops a run like :stop; a second :go starts a fresh run (globals and aggregations empty again)
. ./lib.inc
drive <<'SCRIPT'
args -q -I
wait udtrace> 
send int i;\r
wait udtrace> 
send tick-10ms /i < 3/ { printf("tick %d\\n", ++i); @ticks = count(); }\r
wait udtrace> 
send END { printf("end after %d\\n", i); }\r
wait udtrace> 
send :go\r
wait tick 3
wait udtrace> 
send :stop\r
wait udtrace> 
send :go\r
wait tick 3
wait udtrace> 
send \x03
wait udtrace> 
send :stop\r
wait udtrace> 
send :quit\r
SCRIPT
drive_done
