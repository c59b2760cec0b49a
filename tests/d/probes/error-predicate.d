/* proves: a fault in a predicate is reported "in predicate" and ERROR's arg2 is 0 */
/* args: -q */
BEGIN { x = 0; }
BEGIN /(1 % x) == 0/ { printf("never\n"); }
ERROR { printf("epid %d action %d\n", arg1, arg2); }
BEGIN { exit(0); }
