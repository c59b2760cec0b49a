/* proves: a void subroutine's result assigned to an int variable is D_OP_INCOMPAT int = void */
/* args: -x errtags */
BEGIN { x = 1; x = bcopy("ab", alloca(2), 2); }
