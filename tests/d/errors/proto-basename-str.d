/* proves: basename()'s string parameter is named char * in D_PROTO_ARG, not const char * */
/* args: -x errtags */
BEGIN { x = basename(1); }
