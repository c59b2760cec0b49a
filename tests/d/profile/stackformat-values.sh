# proves: -x stackformat takes folded, svg or default (back to the usual layout) and refuses anything else with dtrace's option message; aggregations without a ustack() key print as usual under folded, and a ustack() aggregation of a tracer-side probe (BEGIN: no user stack) folds to its one frame-less line
"$UDTRACE" -x stackformat=bogus -n 'BEGIN { exit(0); }'
echo "status $?"
"$UDTRACE" -q -x stackformat=folded -n 'BEGIN { @a["x"] = count(); @s[ustack()] = sum(3); exit(0); }'
echo "status $?"
"$UDTRACE" -q -x stackformat=folded -x stackformat=default -n 'BEGIN { @a["x"] = count(); exit(0); }'
echo "status $?"
