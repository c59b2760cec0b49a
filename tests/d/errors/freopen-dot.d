/* proves: freopen(".") is refused at compile time, before the destructive-permission check */
/* args: -x errtags */
BEGIN { freopen("."); exit(0); }
