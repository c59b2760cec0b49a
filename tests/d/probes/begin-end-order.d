/* proves: BEGIN output comes first and END output last, whatever the clause order */
/* args: -q */
END { printf("end\n"); }
tick-100 { printf("tick\n"); exit(0); }
BEGIN { printf("begin\n"); }
