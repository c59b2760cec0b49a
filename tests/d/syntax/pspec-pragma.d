/* proves: #pragma D option pspec takes effect for the rest of the script: int*x is then a probe description */
/* args: -x errtags */
#pragma D option pspec
int*x
