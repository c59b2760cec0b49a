# proves: :print shows an aggregation while tracing runs (one by name, or all) without taking it out of the final print; :clear zeroes values, :trunc drops keys
. ./lib.inc
drive <<'SCRIPT'
args -q -I
wait udtrace> 
send int n;\r
wait udtrace> 
send tick-10ms /n < 4/ { n++; @calls["tick"] = count(); @sum = sum(n); }\r
wait udtrace> 
send tick-10ms /n == 4/ { n++; printf("done\\n"); }\r
wait udtrace> 
send :go\r
wait done
wait udtrace> 
send :print @calls\r
wait udtrace> 
send :print\r
wait udtrace> 
send :clear @calls\r
wait udtrace> 
send :print @calls\r
wait udtrace> 
send :trunc @calls\r
wait udtrace> 
send :print @nosuch\r
wait udtrace> 
send :stop\r
wait 10
wait udtrace> 
send :quit\r
SCRIPT
drive_done
