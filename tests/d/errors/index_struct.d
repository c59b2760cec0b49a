/* proves: subscripting a struct value fails as the addition E1 + E2 (D_OP_INCOMPAT naming both operand types) */
/* args: -x errtags */
struct pt { int x; } where;
BEGIN { y = where[0]; }
