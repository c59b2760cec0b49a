/* proves: printa() with no arguments fails the generic prototype check first, as D_PROTO_LEN */
/* args: -x errtags */
BEGIN { printa(); }
