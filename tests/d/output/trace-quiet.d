/* proves: quiet trace() prints bare values with no header, prefix or record newline */
/* args: -q */
BEGIN { trace(1); trace((char)2); trace((long)-3); trace("s"); trace("\n"); exit(0); }
