# proves: pid probes report the CPU the thread ran on, in `cpu`, on every backend: with udtrace and so the threads target pinned to the last CPU, all 8000 work() calls count there (the trampoline reads rdtscp's aux, which a hypervisor may load with another value than the CPU's number, 218 on CPU 1 of the VM this was written on: udtrace learns each CPU's value at start)
last=$(($(nproc) - 1))
taskset -c $last "$UDTRACE" $UDTRACE_OPTS -q -n "pid\$target:a.out:work:entry { @[cpu == $last ? \"last CPU\" : \"another CPU\"] = count(); }" -c "$TARGETS/threads"
echo "status $?"
