/* proves: substr()'s string parameter is named char * in D_PROTO_ARG, as illumos prints const char * through CTF */
/* args: -x errtags */
BEGIN { x = substr(1, 2); }
