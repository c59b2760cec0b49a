/* proves: D never promotes char/short to int: unsigned char + unsigned char is unsigned char, short + short is short, narrowed when recorded (illumos dt_type_promote) */
#pragma D option quiet
unsigned char c;
short s;
BEGIN { c = 200; s = 30000; printf("%d %d %d\n", c + c, s + s, c * 2); exit(0); }
