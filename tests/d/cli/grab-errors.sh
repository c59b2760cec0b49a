# proves: a process that cannot be grabbed is reported in dtrace's words: "failed to grab pid N: no such process" for -p (libproc's Pgrab_error text) and "failed to grab process N" for a pidN provider (dt_pid_create_probes), status 1
cd "$(mktemp -d)" || exit 1
sh -c 'exit 0' &
dead=$!
wait "$dead"
"$UDTRACE" -p "$dead" -n 'BEGIN { exit(0); }' > p.txt 2>&1; echo "p: $?"
"$UDTRACE" -xerrtags -n "pid$dead:::entry" > pid.txt 2>&1; echo "pid: $?"
sed "s/$dead/DEAD/g" p.txt pid.txt
rm -rf "$PWD"
