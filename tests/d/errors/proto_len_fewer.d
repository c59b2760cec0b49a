/* proves: fewer keys than the array was first used with is D_PROTO_LEN */
/* args: -x errtags */
BEGIN { a[1, 2] = 1; a[3] = 2; }
