/* proves: a fault drops the clause's record, prints the error line, fires ERROR with arg1 epid, arg2 action, arg4 fault; later clauses still run */
/* args: -q */
BEGIN { x = 0; }
BEGIN { printf("lost\n"); y = 1 / x; }
ERROR { printf("id %d epid %d action %d fault %d\n", id, arg1, arg2, arg4); }
BEGIN { printf("after\n"); exit(0); }
