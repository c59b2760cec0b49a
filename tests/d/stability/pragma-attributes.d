/* proves: #pragma D attributes lowers the attributes of a program variable where it is used */
/* args: -q -v */
#pragma D attributes Evolving/Unstable/ISA x
dtrace:::BEGIN { x = 1; exit(0); }
