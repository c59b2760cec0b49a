/* proves: several clauses on one line */
#pragma D option quiet

BEGIN { printf("a"); } BEGIN { printf("b\n"); exit(0); }
