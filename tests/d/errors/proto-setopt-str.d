/* proves: setopt()'s string parameter is named char * in D_PROTO_ARG, as illumos prints const char * through CTF */
/* args: -x errtags */
BEGIN { setopt(1); }
