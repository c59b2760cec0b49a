/*
 * sidejump.c — a function entered in its middle by another function's
 * jump, as glibc's __mempcpy enters memmove's body: inner(x) is x + 1;
 * side(x) adds 1000 and jumps to inner's second instruction (3 bytes
 * in), so a 5-byte patch at inner's entry would be entered in its middle.
 * build: -g -O2
 *
 * Untraced output, exit status 0:
 *   inner 11 side 1011
 *   sum 3066
 */
#include <stdio.h>

long inner(long x);
long side(long x);

__asm__(
	".text\n"
	".globl inner\n"
	".type inner, @function\n"
	"inner:\n"
	"	mov %rdi, %rax\n"
	".Linner_body:\n"
	"	add $1, %rax\n"
	"	ret\n"
	".size inner, .-inner\n"
	".globl side\n"
	".type side, @function\n"
	"side:\n"
	"	mov %rdi, %rax\n"
	"	add $1000, %rax\n"
	"	jmp .Linner_body\n"
	".size side, .-side\n");

int main(void)
{
	long s = 0;

	for (int i = 0; i < 3; i++)
		s += inner(10) + side(10);
	printf("inner %ld side %ld\n", inner(10), side(10));
	printf("sum %ld\n", s);
	return 0;
}
