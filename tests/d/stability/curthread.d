/* proves: curthread has Private data semantics (Stable/Private/Common in dt_open.c) */
/* args: -q -v */
dtrace:::BEGIN { trace(curthread != 0); exit(0); }
