# proves: Tab completes BEG to BEGIN, a :set option name (with '=' for a valued option), a command, a D subroutine and an aggregation name; the history file keeps the entries
. ./lib.inc
drive <<'SCRIPT'
args -q -I
wait udtrace> 
send BEG\t{ @top = ma\t(1); }\r
wait udtrace> 
send :set bufsi\t1m\r
wait udtrace> 
send :set quie\t\r
wait udtrace> 
send :se\t\r
wait udtrace> 
send :go\r
wait udtrace> 
send :print @t\t\r
wait udtrace> 
send :qu\t\r
SCRIPT
cat "$DRIVE_HOME/.udtrace_history"
drive_done
