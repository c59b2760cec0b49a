/*
 * fuzz_stapsdt.c — libFuzzer target: the .note.stapsdt reader and the
 * argument-spec parser and evaluator of src/usdt/.
 *
 * Owns: nothing but the harness. Must not: touch processes.
 * Invariant: usdt.h promises that parsing never trusts the object and
 * evaluation reads memory only through the callback; so for any bytes,
 * usdt_notes_read returns 0 or -1 with an error, usdt_args_parse a count
 * or -1, and usdt_arg_eval 0 or -1 — never a crash or a read outside
 * what it was given. The first byte picks the mode: odd = the rest is an
 * ELF file for the note reader (every note's argument string is then
 * parsed too), even = the rest is an argument string.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "usdt/usdt.h"
#include "udtrace/regs.h"

static int fake_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	(void)arg;
	/* A small readable window; everything else faults. */
	if (addr < 0x1000 || addr > 0x2000 || len > 0x1000)
		return -1;
	memset(buf, (int)(addr & 0xff), len);
	return 0;
}

static void parse_and_eval(const usdt_note_t *n)
{
	usdt_arg_t args[USDT_MAXARGS];
	uint64_t regs[64];
	char err[512];
	for (size_t i = 0; i < 64; i++)
		regs[i] = 0x1000 + i * 8;
	int na = usdt_args_parse(n, args, err, sizeof(err));
	for (int i = 0; i < na && i < USDT_MAXARGS; i++) {
		int64_t v;
		usdt_arg_eval(&args[i], regs, 0x1100, fake_read, NULL, &v);
	}
	char name[256];
	usdt_probe_name(n->name, name, sizeof(name));
}

static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 65536)
		return 0;
	if (data[0] & 1) {
		if (path[0] == 0) {
			snprintf(path, sizeof(path), "/tmp/fuzz_stapsdt.%d", (int)getpid());
		}
		FILE *fp = fopen(path, "wb");
		if (fp == NULL)
			return 0;
		fwrite(data + 1, 1, size - 1, fp);
		fclose(fp);
		usdt_notes_t ns;
		char err[512];
		memset(&ns, 0, sizeof(ns));
		if (usdt_notes_read(path, &ns, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < ns.n; i++)
				parse_and_eval(&ns.notes[i]);
			usdt_notes_free(&ns);
		}
		return 0;
	}
	/* An argument string: one spec alone, then as a note's whole list. */
	char *s = malloc(size);
	if (s == NULL)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = 0;
	usdt_arg_t a;
	if (usdt_arg_parse(s, size - 1, &a) == 0) {
		uint64_t regs[64] = { 0 };
		int64_t v;
		usdt_arg_eval(&a, regs, 0x1100, fake_read, NULL, &v);
	}
	usdt_note_t n;
	memset(&n, 0, sizeof(n));
	n.provider = "prov";
	n.name = "probe__name";
	n.args = s;
	n.pc = 0x1000;
	parse_and_eval(&n);
	free(s);
	return 0;
}
