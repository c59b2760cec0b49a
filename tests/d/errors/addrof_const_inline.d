/* proves: & of an inline that stands for an integer constant (NULL among them) is D_ADDROF_LVAL, as for the constant itself, not D_ADDROF_VAR: DTrace's parser has already replaced the name by the constant */
/* args: -x errtags */
inline int X = 5;
BEGIN { trace(&X); exit(0); }
