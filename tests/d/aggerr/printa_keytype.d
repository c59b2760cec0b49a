/* proves: printa() of aggregations with different key types names the key and both types */
/* args: -x errtags */
BEGIN { @foo[1] = sum(1); @bar["x"] = sum(2); printa("%d %@d %@d\n", @foo, @bar); }
