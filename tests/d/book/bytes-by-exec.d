/* proves: a per-key report printing two aggregations joined by printa, then the same sums normalized to KB at exit */
#pragma D option quiet

int n;

profile:::tick-1ms
/n < 30/
{
	this->exec = n % 3 == 0 ? "bash" : n % 3 == 1 ? "sshd" : "cron";
	@calls[this->exec] = count();
	@bytes[this->exec] = sum(512 * (n + 1));
	@kb[this->exec] = sum(512 * (n + 1));
	n++;
}

profile:::tick-1ms
/n == 30/
{
	exit(0);
}

dtrace:::END
{
	printf("%-10s %8s %8s\n", "EXEC", "CALLS", "BYTES");
	printa("%-10s %@8d %@8d\n", @calls, @bytes);
	normalize(@kb, 1024);
}
