/* proves: the address of an aggregation cannot be taken: D_ADDROF_VAR */
/* args: -x errtags */
BEGIN { @a = count(); trace(&@a); }
