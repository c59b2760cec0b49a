# proves: a compile error prints the usual message (line numbers of the clause itself) and the session goes on; a description matching no probe is refused at once; a multi-line clause reads on while braces are open; :list shows the clauses kept and their probes; :del drops one
. ./lib.inc
drive <<'SCRIPT'
args -q -I
wait udtrace> 
send BEGIN {\r
wait > 
send x = ;\r
wait > 
send }\r
wait udtrace> 
send tick-1x { trace(1); }\r
wait udtrace> 
send BEGIN\r
wait udtrace> 
send BEGIN {\r
wait > 
send     printf("good\\n");\r
wait > 
send }\r
wait udtrace> 
send END { printf("bye\\n"); }\r
wait udtrace> 
send BEGIN { printf("dropped\\n"); }\r
wait udtrace> 
send :del 3\r
wait udtrace> 
send :list\r
wait udtrace> 
send :go\r
wait udtrace> 
send :quit\r
SCRIPT
drive_done
