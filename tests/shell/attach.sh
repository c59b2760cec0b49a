# proves: -I -p PID: a pid$target clause lists its probe, a run is stopped and started again (the process is grabbed again), and :quit leaves the process running and untraced
. ./lib.inc
sleep 63.5 &
sp=$!
drive <<SCRIPT | sed "s/pid$sp\\b/pidPID/g"
args -q -I -p $sp
wait udtrace> 
send pid\$target::nanosleep:entry { @n = count(); }\r
wait udtrace> 
send END { printf("end\\\\n"); }\r
wait udtrace> 
send :list\r
wait udtrace> 
send :go\r
wait udtrace> 
send :stop\r
wait udtrace> 
send :go\r
wait udtrace> 
send :quit\r
SCRIPT
sleep 0.2
sed -n 's/^\(State\|TracerPid\):[[:space:]]*\([A-Z0-9]\).*/\1 \2/p' /proc/$sp/status
kill $sp
drive_done
