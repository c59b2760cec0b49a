/* proves: a void subroutine's result assigned to a new variable is D_OP_INCOMPAT void = void, not a tag of udtrace's own */
/* args: -x errtags */
BEGIN { x = bcopy("ab", alloca(2), 2); }
