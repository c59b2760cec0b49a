/* proves: curcpu is sched.d's cpuinfo_t * of the CPU the probe fired on (cpu_id equals cpu; no processor set; an online x86 processor), and cpuinfo_t and processor_info_t have sched.d's layout */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(cpuinfo_t), offsetof(cpuinfo_t, cpu_info),
	    sizeof(processor_info_t));
	printf("id=%d pset=%d state=%d type=%s fpu=%s\n",
	    curcpu->cpu_id == cpu, curcpu->cpu_pset,
	    curcpu->cpu_info.pi_state, curcpu->cpu_info.pi_processor_type,
	    curcpu->cpu_info.pi_fputypes);
}

tick-1ms
/curcpu->cpu_id == cpu && curcpu->cpu_chip >= 0 && curcpu->cpu_lgrp >= 0/
{
	printf("tick: same cpu\n");
	exit(0);
}
