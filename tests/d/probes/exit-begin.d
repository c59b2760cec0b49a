/* proves: exit() in BEGIN ends that firing (later BEGIN clauses do not run), no tick fires, END still runs and the status is exit's */
/* args: -q */
BEGIN { printf("begin\n"); exit(4); }
BEGIN { printf("not reached\n"); }
tick-5000 { printf("tick\n"); }
END { printf("end\n"); }
