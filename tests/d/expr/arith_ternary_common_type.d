/* proves: ?: with integer branches has the higher-rank branch type, unpromoted: unsigned char + unsigned char through ?: records 144 */
#pragma D option quiet
unsigned char c;
BEGIN { c = 200; printf("%d\n", c > 0 ? c + c : c); exit(0); }
