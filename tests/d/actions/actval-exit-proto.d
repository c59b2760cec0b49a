/* proves: an action's void value against exit()'s int prototype is D_PROTO_ARG */
/* args: -x errtags */
BEGIN { exit(exit(0)); }
