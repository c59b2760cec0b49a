/* proves: a program with a destructive action is refused at enable time without -w */
BEGIN { system("echo never"); exit(0); }
