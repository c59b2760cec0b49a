/* proves: a pointer may not be assigned a pointer to a different integer type (ctf_type_compat compares what they point to), while void * goes either way */
/* args: -x errtags */
BEGIN
{
	p = (int *)0;
	p = (void *)8;
	p = (char *)16;
}
