/* proves: a string passed to chill( ) does not match its int prototype: D_PROTO_ARG, reported before the kernel-action refusal */
/* args: -x errtags */
BEGIN { chill("x"); }
