/*
 * strings.c — a function taking char * arguments, for copyinstr(arg0),
 * copyinstr(arg1) and copyin at its entry.
 * build: -g -O2 (default)
 *
 * greet(name, greeting) is called three times, in this order, with
 * ("alice", "hello"), ("bob", "hi") and ("a much longer name than the
 * others", "good morning").
 * Untraced output, exit status 0:
 *   hello, alice
 *   hi, bob
 *   good morning, a much longer name than the others
 */
#include <stdio.h>

__attribute__((noinline, noipa)) void greet(const char *name, const char *greeting)
{
	printf("%s, %s\n", greeting, name);
}

int main(void)
{
	greet("alice", "hello");
	greet("bob", "hi");
	greet("a much longer name than the others", "good morning");
	return 0;
}
