/* proves: an undefined callee on the right of an aggregation is resolved first: D_FUNC_UNDEF */
/* args: -x errtags */
BEGIN { @a = nosuchfunc(); }
