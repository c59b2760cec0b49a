/* proves: an empty clause prints its prefix and newline, a clause that records nothing prints nothing, exit() prints only the prefix line */
BEGIN {}
BEGIN { x = 1; }
BEGIN { exit(0); }
END {}
