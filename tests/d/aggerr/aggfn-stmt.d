/* proves: an aggregating function called as a statement is D_CG_EXPR */
/* args: -x errtags */
BEGIN { avg(1); }
