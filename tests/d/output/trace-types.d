/* proves: non-quiet trace() prints the header once, the ":BEGIN" prefix, integers by size (2 and 1 bytes unsigned) and strings padded to 33 */
BEGIN { trace(1); trace((char)-2); trace((short)-3); trace((long)-4); trace("str"); }
BEGIN { trace(5); exit(0); }
