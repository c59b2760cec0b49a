/* proves: a statement ?: whose condition folds to a constant (inlines, &&, ! included) is the statement it picks, so it may assign an aggregation or hold printa, as dt_node_op3 folds it while parsing */
#pragma D option quiet
inline int ON = 1;
inline int OFF = 0;
BEGIN
{
	ON ? @n["on"] = count() : 1;
	(ON && !OFF) ? @n["both"] = count() : 1;
	OFF ? @n["off"] = count() : 1;
	ON ? printa("%s %@d\n", @n) : 1;
	OFF ? printa(@never) : 1;
	exit(0);
}
