# proves: -p attaches to a running process, counts its calls, and on SIGINT prints, detaches and leaves it running with its text unchanged
sh ../../lib/attach-run.sh INT
