/* proves: chill( ) is checked against its prototype void(int) before the kernel-action refusal, as DTrace cooks the call first: no argument is D_PROTO_LEN */
/* args: -x errtags */
BEGIN { chill(); }
