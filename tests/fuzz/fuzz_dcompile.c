/*
 * fuzz_dcompile.c — libFuzzer target: arbitrary bytes as a D program
 * through the whole compiler (lex, parse, check, code generation).
 *
 * Owns: nothing but the harness. Must not: run cpp (-C forks the system
 * preprocessor) or touch processes.
 * Invariant: every input either compiles (and the program is freed) or
 * fails with an error in cc; anything else — a crash, a leak, a hang
 * past libFuzzer's -timeout — is a bug in src/d/. The first byte picks
 * how the text was given (-s or -n), the rest is the text; inputs are
 * capped so one run stays fast.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "d/dcomp.h"
#include "consumer/program.h"

#define MAX_INPUT 8192

static int fake_setopt(d_cc_t *cc, void *arg, const char *name,
    const char *value, int line)
{
	(void)cc; (void)arg; (void)name; (void)value; (void)line;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const argv[] = { "one", "2", "three" };
	unsigned char used[4] = { 0 };
	if (size < 1 || size > MAX_INPUT)
		return 0;
	char *text = malloc(size);
	if (text == NULL)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;

	d_cc_t cc;
	d_program_t *dp = NULL;
	d_cc_init(&cc);
	cc.src = text;
	cc.srcname = "fuzz.d";
	cc.kind = (data[0] & 1) ? D_PROG_NAME : D_PROG_SCRIPT;
	cc.argc = 3;
	cc.argv = argv;
	cc.argused = used;
	cc.macros.pid = 4242;
	cc.macros.target = 77;
	cc.defaultargs = (data[0] >> 1) & 1;
	cc.strsize = (data[0] & 4) ? 16 : 256;
	cc.ustackframes = 20;
	cc.jstackframes = 20;
	cc.setopt = fake_setopt;
	if (d_compile(&cc, &dp) == 0)
		d_program_free(dp);
	else {
		char msg[4096];
		d_format_error(&cc, 1, msg, sizeof(msg));
	}
	d_cc_fini(&cc);
	free(text);
	return 0;
}
