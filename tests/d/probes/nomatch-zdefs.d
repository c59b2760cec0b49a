/* proves: -Z lets a description match nothing; the rest of the program runs */
/* args: -Z -q */
:::foo { printf("never\n"); }
BEGIN { printf("ok\n"); exit(0); }
