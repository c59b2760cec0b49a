/* proves: ! of an integer constant keeps the constant's type, as dt_node_op1 folds it (sizeof(!(char)5) is 1), while ! of any other operand is an int */
#pragma D option quiet
BEGIN { printf("%d %d %d\n", sizeof(!(char)5), !(char)5, sizeof(!pid)); exit(0); }
