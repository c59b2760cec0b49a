/* proves: -> on a pointer to int is D_OP_SOU with illumos wording */
/* args: -x errtags */
int *q;
BEGIN { q->a = 1; exit(0); }
