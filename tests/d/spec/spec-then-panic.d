/* proves: panic( ) after speculate( ) is D_ACT_SPEC, as in DTrace (dt_stmt_append), before udtrace refuses the kernel action */
/* args: -w -x errtags */
BEGIN
{
	speculate(1);
	panic();
}
