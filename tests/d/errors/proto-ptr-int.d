/* proves: a non-zero integer is refused for a void * subroutine parameter, as DTrace's pointer-compatibility rule allows only a constant 0 */
/* args: -x errtags */
BEGIN { copyinto(1, 2, 3); exit(0); }
ERROR { exit(1); }
