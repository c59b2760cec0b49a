# proves: SIGTERM ends a -p session like SIGINT: aggregations printed, process detached, running on, text bytes equal to the file
sh ../../lib/attach-run.sh TERM
