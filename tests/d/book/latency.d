/* proves: a latency-distribution script (quantize per key, lquantize overall, avg normalized to microseconds) over tick-driven data prints as dtrace does */
#pragma D option quiet

int n;

profile:::tick-1ms
/n < 64/
{
	this->lat = (n * 37) % 100 * 1000;
	@lat[n % 2 ? "odd" : "even"] = quantize(this->lat / 1000);
	@avg[n % 2 ? "odd" : "even"] = avg(this->lat);
	@all = lquantize(this->lat / 1000, 0, 100, 10);
	n++;
}

profile:::tick-1ms
/n == 64/
{
	exit(0);
}

dtrace:::END
{
	normalize(@avg, 1000);
	printf("average latency (us):\n");
	printa("  %-6s %@6d\n", @avg);
	printa(@lat);
}
