# proves: a plain -l lists every provider's probes as dtrace -l does, the proc and syscall ones included (made with the handle, as DTrace's exist before any listing), and a probe has one id in every listing (-l, -l -n, -l -f, -l -P, beside a tick-N made on demand) and as `id` when it fires
"$UDTRACE" -l | awk 'NR > 1 { n[$2]++ } END { for (p in n) print p, n[p] }' | sort
"$UDTRACE" -l | awk '/ getppid / || $NF == "exec-success" || $NF == "tick-1sec"'
"$UDTRACE" -l -n 'syscall::getppid:'
"$UDTRACE" -l -f getppid
"$UDTRACE" -l -P proc | grep exec-success
"$UDTRACE" -l -n tick-7 -n 'proc:::exec-success' -n 'syscall::getppid:entry'
"$UDTRACE" -q -c "$TARGETS/sysmix plain 1" -n 'syscall::getppid:entry { printf("fired id %d\n", id); }' | grep fired
