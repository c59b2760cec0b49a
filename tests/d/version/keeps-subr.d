/* proves: a subroutine of the chosen version itself stays: strtok is D 1.1 */
/* args: -q -x version=1.1 */
BEGIN { trace(strtok("a b", " ")); exit(0); }
