/*
 * symfmt.c — user addresses and stacks as text (see symfmt.h).
 *
 * Owns: the udt_symbolize hook variable and the fallback texts used when
 * it is absent or fails. Must not: allocate (stacks print for every
 * drained firing) or look symbols up itself.
 * Invariant: a failed or partial lookup degrades to module`0xpc, then
 * 0xpc, never to an empty string.
 */
#include <string.h>

#include "consumer/symfmt.h"

int udt_symfmt_target;

int (*udt_symbolize)(int pid, uint64_t pc, char *mod, size_t modlen,
    char *sym, size_t symlen, uint64_t *off);

char *
symfmt_addr(char *buf, size_t len, int kind, int pid, uint64_t pc,
    const udt_opts_t *opts)
{
	char mod[256] = "", sym[512] = "";
	uint64_t off = 0;
	int known = 0;

	if (udt_symbolize != NULL && (opts == NULL || !opts->noresolve))
		known = udt_symbolize(pid, pc, mod, sizeof(mod), sym,
		    sizeof(sym), &off) == 0;
	if (!known)
		mod[0] = sym[0] = '\0';
	if (kind == SYMFMT_UMOD) {
		if (mod[0] != '\0')
			snprintf(buf, len, "%s", mod);
		else
			snprintf(buf, len, "0x%llx", (unsigned long long)pc);
	} else if (sym[0] != '\0') {
		/* usym names the function: the offset is dropped */
		if (kind == SYMFMT_UADDR && off != 0)
			snprintf(buf, len, "%s`%s+0x%llx", mod, sym,
			    (unsigned long long)off);
		else
			snprintf(buf, len, "%s`%s", mod, sym);
	} else if (mod[0] != '\0') {
		snprintf(buf, len, "%s`0x%llx", mod, (unsigned long long)pc);
	} else {
		snprintf(buf, len, "0x%llx", (unsigned long long)pc);
	}
	return buf;
}

void
symfmt_ustack(FILE *fp, const void *data, size_t len, int indent, int width,
    const udt_opts_t *opts)
{
	const unsigned char *b = data;
	size_t n = len / 8, i;
	uint64_t pid, pc;
	char text[1024];

	if (n < 2)
		return;
	memcpy(&pid, b, 8);
	fputc('\n', fp);
	for (i = 1; i < n; i++) {
		memcpy(&pc, b + i * 8, 8);
		if (pc == 0)
			break;
		symfmt_addr(text, sizeof(text), SYMFMT_UADDR, (int)pid, pc,
		    opts);
		fprintf(fp, "%*s%*s\n", indent, "", width, text);
	}
}
