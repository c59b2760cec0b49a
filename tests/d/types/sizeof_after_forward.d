/* proves: sizeof and offsetof see a struct completed after a forward declaration, before the clause that reads them */
#pragma D option quiet
struct later;
struct later { int a; int b; };
BEGIN { printf("%d %d\n", offsetof(struct later, b), sizeof(struct later)); exit(0); }
