/* proves: subscripting an integer is DTrace's *(E1 + E2) failing on the dereference (D_DEREF_NONPTR) */
/* args: -x errtags */
int count;
BEGIN { x = count[1]; }
