/*
 * fuzz_elf.c — libFuzzer target: arbitrary bytes as an object file for
 * the ELF symbol reader of src/sym/ (sym_elf, sym_funcs, sym_func_at,
 * sym_vaddr_to_off, sym_code).
 *
 * Owns: nothing but the harness. Must not: touch processes.
 * Invariant: a corrupt or truncated file is refused with an error or
 * read only as far as it goes; every pointer sym_code returns covers
 * the length asked for (the harness reads every byte of it, so ASan
 * sees an overrun). The cache is flushed after each input: the file is
 * rewritten in place and must never be served from a stale entry.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sym/sym.h"

static char path[64];
static volatile uint8_t sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 65536)
		return 0;
	if (path[0] == 0)
		snprintf(path, sizeof(path), "/tmp/fuzz_elf.%d", (int)getpid());
	FILE *fp = fopen(path, "wb");
	if (fp == NULL)
		return 0;
	fwrite(data, 1, size, fp);
	fclose(fp);

	char err[512];
	udt_elf_t *e = sym_elf(path, err, sizeof(err));
	if (e != NULL) {
		const udt_sym_t *syms;
		size_t n = sym_funcs(e, &syms);
		(void)sym_elf_is_pie(e);
		(void)sym_elf_path(e);
		for (size_t i = 0; i < n && i < 256; i++) {
			sink ^= (uint8_t)strlen(syms[i].name);
			(void)sym_func_at(e, syms[i].addr);
			(void)sym_func_at(e, syms[i].addr + syms[i].size / 2);
			(void)sym_vaddr_to_off(e, syms[i].addr);
			size_t len = syms[i].size < 4096 ? (size_t)syms[i].size : 4096;
			const uint8_t *code = sym_code(e, syms[i].addr, len);
			for (size_t k = 0; code != NULL && k < len; k++)
				sink ^= code[k];
		}
		/* Addresses the file does not describe at all. */
		static const uint64_t odd[] = { 0, 1, 0x400000, 0x1000,
		    UINT64_MAX, UINT64_MAX - 15, 0x7fffffffffffffffull };
		for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
			(void)sym_func_at(e, odd[i]);
			(void)sym_vaddr_to_off(e, odd[i]);
			const uint8_t *code = sym_code(e, odd[i], 16);
			for (size_t k = 0; code != NULL && k < 16; k++)
				sink ^= code[k];
		}
	}
	sym_cache_flush();
	return 0;
}
