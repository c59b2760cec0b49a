/*
 * phpish.c — a PHP-shaped USDT target: "runs" a fixed call tree of a shop
 * script the way an interpreter would, firing function-entry and
 * function-return (function, file, line, class, scope) around every call
 * and request-startup/-shutdown (file, uri, method) around the request,
 * from the header `udtrace -h` makes of phpish.d. Like PHP, the function
 * probes fire only when their is-enabled guard is true (the engine skips
 * computing names otherwise), and the target counts those guards.
 * build: -g -O2 (default), -I build/targets for phpish.h
 *
 * The call tree (function, line, class, scope; file "shop.php"):
 *   main 1 "" ""
 *     checkout 20 Shop ->
 *       total 12 Cart ->
 *         price 5 Item ->      (three times)
 *       log 25 Shop ::
 *     log 25 Shop ::
 * Calls: main 1, checkout 1, total 1, price 3, log 2 (8 in all).
 *
 * Untraced output, exit status 0:
 *   total 98
 *   function-entry enabled 0 of 8 calls, function-return enabled 0 of 8
 */
#include <stdio.h>
#include "phpish.h"

struct fn {
	const char *name, *class, *scope;
	int line;
	const struct fn *calls[4];	/* NULL-terminated */
};

static const struct fn f_price = { "price", "Item", "->", 5, { NULL } };
static const struct fn f_log = { "log", "Shop", "::", 25, { NULL } };
static const struct fn f_total = { "total", "Cart", "->", 12,
	{ &f_price, &f_price, &f_price, NULL } };
static const struct fn f_checkout = { "checkout", "Shop", "->", 20,
	{ &f_total, &f_log, NULL } };
static const struct fn f_main = { "main", "", "", 1,
	{ &f_checkout, &f_log, NULL } };

static const char file[] = "shop.php";
static int entry_enabled, return_enabled, calls;

static __attribute__((noinline, noipa)) long execute(const struct fn *f)
{
	long v = f->line;
	calls++;
	if (PHPISH_FUNCTION_ENTRY_ENABLED()) {
		entry_enabled++;
		PHPISH_FUNCTION_ENTRY((char *)f->name, (char *)file, f->line,
		    (char *)f->class, (char *)f->scope);
	}
	for (int i = 0; f->calls[i] != NULL; i++)
		v += execute(f->calls[i]);
	if (PHPISH_FUNCTION_RETURN_ENABLED()) {
		return_enabled++;
		PHPISH_FUNCTION_RETURN((char *)f->name, (char *)file, f->line,
		    (char *)f->class, (char *)f->scope);
	}
	return v;
}

int main(void)
{
	PHPISH_REQUEST_STARTUP((char *)file, (char *)"/shop.php", (char *)"GET");
	long total = execute(&f_main);
	PHPISH_REQUEST_SHUTDOWN((char *)file, (char *)"/shop.php", (char *)"GET");
	printf("total %ld\n", total);
	printf("function-entry enabled %d of %d calls, function-return enabled %d of %d\n",
	    entry_enabled, calls, return_enabled, calls);
	return 0;
}
