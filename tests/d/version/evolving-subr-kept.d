/* proves: a subroutine of an older version than the chosen one stays: htons is D 1.3 */
/* args: -q -x version=1.3 */
BEGIN { printf("%x\n", htons(0x1234)); exit(0); }
