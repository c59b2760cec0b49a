/* proves: an action's void value as a subroutine argument is D_PROTO_ARG */
/* args: -x errtags */
BEGIN { x = progenyof(trace(1)); }
