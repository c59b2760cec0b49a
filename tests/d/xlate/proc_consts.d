/* proves: procfs.d's and signal.d's constants are predefined: the exit reasons (CLD_*), the lwp states (SSLEEP.. SONPROC, chars), the data models, and signal numbers with Linux's values */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", CLD_EXITED, CLD_KILLED, CLD_DUMPED);
	printf("%d %d %d %d %d %d %d\n", SSLEEP, SRUN, SZOMB, SSTOP, SIDL,
	    SONPROC, SWAIT);
	printf("%d %d %d\n", PR_MODEL_ILP32, PR_MODEL_LP64, sizeof(SRUN));
	printf("%d %d %d %d %d %d\n", SIGHUP, SIGINT, SIGKILL, SIGUSR1,
	    SIGSEGV, SIGCHLD);
	printf("%d %d %d %o\n", O_RDONLY, O_WRONLY, O_RDWR, O_APPEND);
	exit(0);
}
