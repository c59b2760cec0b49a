/* proves: an int key for a string-keyed array is D_PROTO_ARG */
/* args: -x errtags */
BEGIN { a["x"] = 1; a[1] = 2; }
