/* proves: a member of a struct-valued associative array element can be assigned before the element exists (DTrace faults the element in), and is read back */
#pragma D option quiet
struct pair { string name; int n; } tab[int];
self struct pair t[int];
BEGIN { tab[1].n = 7; tab[1].name = "seven"; self->t[2].n = 9; }
BEGIN { printf("%s %d %d %d\n", tab[1].name, tab[1].n, tab[2].n, self->t[2].n); exit(0); }
