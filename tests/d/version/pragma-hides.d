/* proves: #pragma D option version reduces the language for the rest of the script */
/* args: -x errtags */
#pragma D option version=1.0
BEGIN { trace(strtok("a b", " ")); exit(0); }
