/* proves: min() and max() keep the extreme including negatives; each aggregation prints in order of first use */
#pragma D option quiet
BEGIN
{
	@mx["k"] = max(5);
	@mn["k"] = min(5);
	@mx["k"] = max(-3);
	@mn["k"] = min(-3);
	@mx["k"] = max(7);
	@mn["k"] = min(7);
	exit(0);
}
