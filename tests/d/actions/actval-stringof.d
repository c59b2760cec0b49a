/* proves: stringof of an action's void value is D_STRINGOF_TYPE with DTrace's text */
/* args: -x errtags */
BEGIN { x = stringof(trace(0)); }
