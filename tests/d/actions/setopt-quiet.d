/* proves: setopt("quiet") takes effect for the records after it, setopt("quiet", "no") turns it off again, within one firing */
BEGIN { trace(1); setopt("quiet"); trace(2); printf("x\n"); setopt("quiet", "no"); trace(3); exit(0); }
