/* proves: epid numbers (clause, description, probe) enablings from 1 in program order; id is the probe id */
/* args: -q */
BEGIN { printf("BEGIN epid %d id %d\n", epid, id); }
BEGIN, END { printf("%s epid %d id %d\n", probename, epid, id); }
END { printf("END epid %d id %d\n", epid, id); }
BEGIN { exit(0); }
