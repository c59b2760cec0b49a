/* proves: an args[] subscript that is not an integer constant is D_PROTO_ARG */
/* args: -x errtags */
BEGIN { trace(args["a"]); exit(0); }
