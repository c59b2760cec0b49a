/* proves: too many arguments to a subroutine is D_PROTO_LEN */
/* args: -x errtags */
BEGIN { x = strlen("a", "b"); }
