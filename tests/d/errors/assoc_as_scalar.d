/* proves: an associative array used without a key is D_IDENT_BADREF */
/* args: -x errtags */
BEGIN { x[0] = 1; trace(sizeof(x)); exit(0); }
