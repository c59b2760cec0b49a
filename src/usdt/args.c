/*
 * args.c — the argument specs of stapsdt notes: parsing "size@operand"
 * into usdt_arg_t and evaluating one against a hit.
 *
 * Owns: the x86-64 operand forms <sys/sdt.h> lets the compiler emit —
 * registers (every name of every general register, %ah-style high
 * bytes), memory disp(base,index,scale) including %rip-relative ones with
 * or without a symbol, and $constants. Must not: read a process except
 * through the caller's read function, or allocate while evaluating
 * (usdt_arg_eval runs on every probe hit).
 * Invariant: size is 1, 2, 4 or 8 and the sign comes only from the spec's
 * "-"; a spec without "size@" (notes older than systemtap 1.x's sizes)
 * takes the width of its register name, else 8 bytes, unsigned.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "udtrace/regs.h"
#include "usdt/usdt.h"

static const struct { const char *name; int reg, bits, shift; } regnames[] = {
	{ "rax", R_RAX, 64, 0 }, { "eax", R_RAX, 32, 0 }, { "ax", R_RAX, 16, 0 },
	{ "al", R_RAX, 8, 0 }, { "ah", R_RAX, 8, 8 },
	{ "rbx", R_RBX, 64, 0 }, { "ebx", R_RBX, 32, 0 }, { "bx", R_RBX, 16, 0 },
	{ "bl", R_RBX, 8, 0 }, { "bh", R_RBX, 8, 8 },
	{ "rcx", R_RCX, 64, 0 }, { "ecx", R_RCX, 32, 0 }, { "cx", R_RCX, 16, 0 },
	{ "cl", R_RCX, 8, 0 }, { "ch", R_RCX, 8, 8 },
	{ "rdx", R_RDX, 64, 0 }, { "edx", R_RDX, 32, 0 }, { "dx", R_RDX, 16, 0 },
	{ "dl", R_RDX, 8, 0 }, { "dh", R_RDX, 8, 8 },
	{ "rsi", R_RSI, 64, 0 }, { "esi", R_RSI, 32, 0 }, { "si", R_RSI, 16, 0 },
	{ "sil", R_RSI, 8, 0 },
	{ "rdi", R_RDI, 64, 0 }, { "edi", R_RDI, 32, 0 }, { "di", R_RDI, 16, 0 },
	{ "dil", R_RDI, 8, 0 },
	{ "rbp", R_RBP, 64, 0 }, { "ebp", R_RBP, 32, 0 }, { "bp", R_RBP, 16, 0 },
	{ "bpl", R_RBP, 8, 0 },
	{ "rsp", R_RSP, 64, 0 }, { "esp", R_RSP, 32, 0 }, { "sp", R_RSP, 16, 0 },
	{ "spl", R_RSP, 8, 0 },
	{ "rip", R_RIP, 64, 0 }, { "eip", R_RIP, 32, 0 },
};

static const int rnum[8] = { R_R8, R_R9, R_R10, R_R11, R_R12, R_R13, R_R14, R_R15 };

/* "%name" at s (len bytes, without the %). 0 with reg/bits/shift, else -1. */
static int reg_lookup(const char *s, size_t len, int *reg, int *bits, int *shift)
{
	for (size_t i = 0; i < sizeof(regnames) / sizeof(regnames[0]); i++) {
		if (strlen(regnames[i].name) == len &&
		    memcmp(regnames[i].name, s, len) == 0) {
			*reg = regnames[i].reg;
			*bits = regnames[i].bits;
			*shift = regnames[i].shift;
			return 0;
		}
	}
	/* r8..r15 with an optional d/w/b (or l, as some assemblers write) suffix */
	if (len < 2 || s[0] != 'r' || !isdigit((unsigned char)s[1]))
		return -1;
	size_t i = 1;
	int n = 0;
	while (i < len && isdigit((unsigned char)s[i]) && n < 100)
		n = n * 10 + (s[i++] - '0');
	if (n < 8 || n > 15 || (s[1] == '0'))
		return -1;
	*shift = 0;
	*reg = rnum[n - 8];
	if (i == len)
		*bits = 64;
	else if (i + 1 == len && s[i] == 'd')
		*bits = 32;
	else if (i + 1 == len && s[i] == 'w')
		*bits = 16;
	else if (i + 1 == len && (s[i] == 'b' || s[i] == 'l'))
		*bits = 8;
	else
		return -1;
	return 0;
}

/* A register operand "%name" filling [p, end): -1 unless exactly that. */
static int parse_reg(const char *p, const char *end, int *reg, int *bits, int *shift)
{
	if (p >= end || *p != '%')
		return -1;
	return reg_lookup(p + 1, (size_t)(end - p - 1), reg, bits, shift);
}

/* A C-style integer (decimal, 0x hex, leading 0 octal) with an optional sign. */
static int parse_int(const char *p, const char *end, int64_t *v)
{
	char buf[40];
	size_t len = (size_t)(end - p);
	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	const char *q = buf;
	int neg = 0;
	if (*q == '-' || *q == '+')
		neg = *q++ == '-';
	if (!isdigit((unsigned char)*q))
		return -1;
	char *e;
	unsigned long long u = strtoull(q, &e, 0);
	if (*e != '\0')
		return -1;
	*v = neg ? (int64_t)(0 - (uint64_t)u) : (int64_t)u;
	return 0;
}

static int is_symchar(int c, int first)
{
	return isalpha(c) || c == '_' || c == '.' || c == '$' ||
	    (!first && isdigit(c));
}

/*
 * The displacement before "(": empty, or terms joined by + and -, each a
 * number or (at most once, added) a symbol: "-16", "g+8", "40+Stats".
 */
static int parse_disp(const char *p, const char *end, usdt_arg_t *a)
{
	a->disp = 0;
	a->sym[0] = '\0';
	if (p == end)
		return 0;
	int sign = 1;
	if (p < end && (*p == '-' || *p == '+')) {
		sign = *p == '-' ? -1 : 1;
		p++;
	}
	while (p < end) {
		const char *s = p;
		if (is_symchar((unsigned char)*p, 1)) {
			while (p < end && is_symchar((unsigned char)*p, 0))
				p++;
			if (sign < 0 || a->sym[0] != '\0' ||
			    (size_t)(p - s) >= sizeof(a->sym))
				return -1;
			memcpy(a->sym, s, (size_t)(p - s));
			a->sym[p - s] = '\0';
		} else {
			int64_t v;
			while (p < end && *p != '+' && *p != '-')
				p++;
			if (parse_int(s, p, &v) != 0)
				return -1;
			a->disp += sign < 0 ? -v : v;
		}
		if (p == end)
			return 0;
		sign = *p == '-' ? -1 : 1;
		if (++p == end)
			return -1;
	}
	return -1;   /* a lone sign */
}

/* "(base)", "(base,index)", "(base,index,scale)", "(,index,scale)". */
static int parse_mem(const char *p, const char *end, usdt_arg_t *a)
{
	int bits, shift;
	const char *open = memchr(p, '(', (size_t)(end - p));
	if (open == NULL || end[-1] != ')')
		return -1;
	if (parse_disp(p, open, a) != 0)
		return -1;
	a->kind = USDT_ARG_MEM;
	a->reg = -1;
	a->index = -1;
	a->scale = 1;

	const char *q = open + 1, *close = end - 1;
	const char *c1 = memchr(q, ',', (size_t)(close - q));
	const char *bend = c1 ? c1 : close;
	if (bend > q) {
		if (parse_reg(q, bend, &a->reg, &bits, &shift) != 0 ||
		    shift != 0 || bits != 64)
			return -1;
		if (a->reg == R_RIP)
			a->rip = 1;
	}
	if (c1 == NULL)
		return bend > q ? 0 : -1;
	if (a->rip)
		return -1;   /* %rip takes no index */
	q = c1 + 1;
	const char *c2 = memchr(q, ',', (size_t)(close - q));
	const char *iend = c2 ? c2 : close;
	if (parse_reg(q, iend, &a->index, &bits, &shift) != 0 || shift != 0 ||
	    bits != 64 || a->index == R_RSP || a->index == R_RIP)
		return -1;
	if (c2 != NULL) {
		int64_t s;
		if (parse_int(c2 + 1, close, &s) != 0 ||
		    (s != 1 && s != 2 && s != 4 && s != 8))
			return -1;
		a->scale = (int)s;
	}
	return 0;
}

int usdt_arg_parse(const char *spec, size_t len, usdt_arg_t *a)
{
	const char *p = spec, *end = spec + len;
	const char *at = memchr(spec, '@', len);

	memset(a, 0, sizeof(*a));
	a->reg = -1;
	a->index = -1;
	a->scale = 1;
	if (at != NULL) {
		const char *q = p;
		if (*q == '-') {
			a->is_signed = 1;
			q++;
		} else if (*q == '+') {
			q++;
		}
		if (at - q != 1 || (*q != '1' && *q != '2' && *q != '4' && *q != '8'))
			return -1;
		a->size = *q - '0';
		p = at + 1;
	}
	if (p == end)
		return -1;

	if (*p == '%') {
		a->kind = USDT_ARG_REG;
		if (parse_reg(p, end, &a->reg, &a->regbits, &a->regshift) != 0)
			return -1;
		if (a->size == 0)
			a->size = a->regbits / 8;
		return 0;
	}
	if (a->size == 0)
		a->size = 8;
	if (*p == '$') {
		a->kind = USDT_ARG_CONST;
		return parse_int(p + 1, end, &a->disp);
	}
	return parse_mem(p, end, a);
}

int usdt_args_parse(const usdt_note_t *n, usdt_arg_t *args, char *err, size_t errlen)
{
	const char *p = n->args;
	int nargs = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		const char *s = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
		if (nargs == USDT_MAXARGS) {
			int total = nargs;
			for (const char *q = s; *q != '\0'; ) {
				while (*q == ' ' || *q == '\t')
					q++;
				if (*q == '\0')
					break;
				total++;
				while (*q != '\0' && *q != ' ' && *q != '\t')
					q++;
			}
			snprintf(err, errlen, "too many arguments (%d) in %s:%s",
			    total, n->provider, n->name);
			return -1;
		}
		if (usdt_arg_parse(s, (size_t)(p - s), &args[nargs]) != 0) {
			snprintf(err, errlen, "cannot parse argument %d of %s:%s: '%.*s'",
			    nargs, n->provider, n->name, (int)(p - s), s);
			return -1;
		}
		if (args[nargs].sym[0] != '\0' && (n->symok >> nargs & 1)) {
			args[nargs].sym_bound = 1;
			args[nargs].symrel = n->symrel[nargs];
		}
		nargs++;
	}
	return nargs;
}

/* v cut to size bytes, then sign- or zero-extended to 64 bits. */
static int64_t extend(uint64_t v, int size, int is_signed)
{
	if (size >= 8)
		return (int64_t)v;
	int bits = size * 8;
	uint64_t mask = (UINT64_C(1) << bits) - 1;
	v &= mask;
	if (is_signed && (v >> (bits - 1)) != 0)
		v |= ~mask;
	return (int64_t)v;
}

int usdt_arg_eval(const usdt_arg_t *a, const uint64_t *regs, uint64_t next_pc,
    int (*read)(void *arg, uint64_t addr, void *buf, size_t len), void *rarg,
    int64_t *out)
{
	uint64_t v;

	switch (a->kind) {
	case USDT_ARG_CONST:
		v = (uint64_t)a->disp;
		break;
	case USDT_ARG_REG:
		v = a->reg == R_RIP ? next_pc : regs[a->reg];
		v >>= a->regshift;
		if (a->regbits < 64)
			v &= (UINT64_C(1) << a->regbits) - 1;
		break;
	case USDT_ARG_MEM: {
		uint64_t addr = (uint64_t)a->disp;
		if (a->sym[0] != '\0') {
			/* the assembler resolved sym(%rip) to sym itself */
			if (!a->sym_bound)
				return -1;
			addr += next_pc - 1 + (uint64_t)a->symrel;
		} else if (a->rip) {
			addr += next_pc;
		} else if (a->reg >= 0) {
			addr += regs[a->reg];
		}
		if (a->sym[0] != '\0' && !a->rip && a->reg >= 0)
			addr += regs[a->reg];
		if (a->index >= 0)
			addr += regs[a->index] * (uint64_t)a->scale;
		unsigned char buf[8];
		if (read == NULL || read(rarg, addr, buf, (size_t)a->size) != 0)
			return -1;
		v = 0;
		for (int i = a->size - 1; i >= 0; i--)   /* x86 is little-endian */
			v = (v << 8) | buf[i];
		break;
	}
	default:
		return -1;
	}
	*out = extend(v, a->size, a->is_signed);
	return 0;
}
