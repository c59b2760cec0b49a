/* proves: short with long is no combination error but a type that fails to resolve */
/* args: -x errtags */
long short x;
BEGIN { exit(0); }
