/* proves: plain -C (as -Xa) gives cpp __STDC__ 0, as dt_cc.c passes -D__STDC__=0, with no warning about redefining it */
/* args: -q -C */
BEGIN { trace(__STDC__); exit(0); }
