/*
 * dwtypes.c — a program whose own types D reads from DWARF: a struct
 * with a char array, a self-pointer and a bit-field, a typedef, an enum,
 * and a function taking them (args[] typed from its parameters).
 * build: -g -O0 (every field stored, parameters described)
 *
 * handle(r, prio, c) is called twice: (&a, 10, GREEN) and (&b, 20, BLUE)
 * where a = { 1, "first", &b, 5 } and b = { 2, "second", NULL, 1 };
 * it returns id + prio + c: 16, then 28.
 * Untraced output, exit status 0:
 *   44
 */
/* build: -g -O0 */
#include <stdio.h>

typedef struct request {
	int id;
	char name[16];
	struct request *next;
	unsigned flags : 3;
} request_t;

enum color { RED, GREEN = 5, BLUE };

__attribute__((noinline)) int handle(request_t *r, int prio, enum color c)
{
	return r->id + prio + (int)c;
}

int main(void)
{
	request_t b = { 2, "second", NULL, 1 }, a = { 1, "first", &b, 5 };
	int s = handle(&a, 10, GREEN) + handle(&b, 20, BLUE);
	printf("%d\n", s);
	return 0;
}
