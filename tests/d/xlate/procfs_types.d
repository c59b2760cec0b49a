/* proves: psinfo_t, lwpsinfo_t, fileinfo_t and timestruc_t are D types with illumos's LP64 layout, usable in declarations and sizeof, and curpsinfo / curlwpsinfo have DTrace's pointer types */
#pragma D option quiet

psinfo_t *p;
lwpsinfo_t *l;

BEGIN
{
	p = curpsinfo;
	l = curlwpsinfo;
	printf("%d %d %d %d\n", sizeof(psinfo_t), sizeof(lwpsinfo_t),
	    sizeof(timestruc_t), sizeof(p->pr_psargs));
	printf("%d %d\n", sizeof(p->pr_fname), sizeof(l->pr_clname));
	printf("%d %d\n", p->pr_pid == pid, l->pr_lwpid == tid);
	exit(0);
}
