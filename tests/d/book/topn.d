/* proves: a top-N report: count by key over a tick loop, trunc() to the three largest, printa under a header */
#pragma D option quiet

int n;

profile:::tick-1ms
/n < 53/
{
	this->name = n % 7 == 0 ? "open" : n % 3 == 0 ? "write" :
	    n % 2 ? "read" : "close";
	@calls[this->name] = count();
	n++;
}

profile:::tick-1ms
/n == 53/
{
	exit(0);
}

dtrace:::END
{
	trunc(@calls, 3);
	printf("%-20s %s\n", "SYSCALL", "COUNT");
	printa("%-20s %@d\n", @calls);
}
