/*
 * tramp_code.c — the trampoline backend's machine code side: deciding
 * whether a site may become a 5-byte `jmp` (capstone, through pid/insn.h,
 * over the whole function read from the object file), and writing the
 * trampoline the jump leads to.
 *
 * Owns: the safety rules and the trampoline layout. Must not: touch
 * processes beyond reading their maps (tramp.c writes and patches).
 * Invariant: a site is patchable only if the 5 bytes from it are whole
 * instructions of its own function (or, after a final ret/jmp, padding
 * no function symbol covers), none of which can be entered except at
 * the site: no direct branch of the function (or of its .cold part)
 * targets a byte inside them, and a function with a jump table is only
 * patched where one instruction fills all 5 bytes. Every displaced
 * instruction can run elsewhere: plain ones relocated, jcc re-encoded,
 * and a final ret or jmp ends the trampoline itself. Calls, system
 * calls, traps and indirect jumps are never displaced.
 *
 * The trampoline (record layout in tramp_impl.h): skip the red zone,
 * save flags, rax, rcx, rdx; rdtscp (time, and the CPU in its aux);
 * reserve a ticket with lock cmpxchg unless the ring is full (then count
 * a drop for the CPU and write nothing: the target never waits); store
 * the registers (a short record, one cache line, only those its sites
 * read: tp_point_t.shorter); publish by writing seq = ticket + 1 last (x86 stores
 * are seen in order); restore; run the displaced instructions; jump
 * back. No call, no system call, no lock held across anything.
 */
#include <stdlib.h>
#include <string.h>
#include "backend/tramp_impl.h"
#include "sym/sym.h"
#include "udtrace/regs.h"

/* ---- analysis ---- */

typedef struct walk {
	uint64_t fstart, fend;
	unsigned char *bound;   /* per byte: an instruction starts here */
	uint64_t lo, hi;        /* direct targets strictly inside (lo, hi) are fatal */
	int target_inside;
	int indirect;           /* a jump table / computed jump in the function */
} walk_t;

static int walk_cb(void *arg, const udt_insn_t *in)
{
	walk_t *w = arg;

	if (w->bound && in->addr >= w->fstart && in->addr < w->fend)
		w->bound[in->addr - w->fstart] = 1;
	if ((in->kind == INSN_JMP_REL || in->kind == INSN_JCC_REL ||
	    in->kind == INSN_LOOP || in->kind == INSN_CALL_REL) &&
	    in->target > w->lo && in->target < w->hi)
		w->target_inside = 1;
	if (in->kind == INSN_JMP_IND && !insn_is_return(in, w->fstart, w->fend))
		w->indirect = 1;
	return 0;
}

static int is_pad(const udt_insn_t *in)
{
	return strncmp(in->mnemonic, "nop", 3) == 0 ||
	    strcmp(in->mnemonic, "int3") == 0;
}

static int never_displace(const udt_insn_t *in)
{
	static const char *const bad[] = { "syscall", "sysenter", "int",
	    "int1", "int3", "into", "ud2", "ud1", "ud0", "hlt", "xbegin",
	    "xend", "xabort", "endbr32", NULL };
	for (int i = 0; bad[i]; i++)
		if (strcmp(in->mnemonic, bad[i]) == 0)
			return 1;
	return 0;
}

/*
 * Every direct branch target of an object (file vaddrs, sorted): other
 * functions jump into the middle of one (glibc's __mempcpy into
 * memmove's body, tail calls past a prologue), and code no symbol covers
 * (stripped objects, local functions) is swept too, byte by byte where
 * it does not decode. Built once per object, on its first patchable site.
 */
typedef struct objtg {
	char *path;
	uint64_t *v;
	size_t n, cap;
	int failed;
	/* entered other than by a direct branch (tramp_pads.c, and lea) */
	uint64_t *pads, *taken;
	size_t npads, cpads, ntaken, ctaken;
	int padsbad;          /* its exception tables could not be read */
	struct objtg *next;
} objtg_t;

static objtg_t *objtgs;

static int tg_add(objtg_t *o, uint64_t t)
{
	if (o->n == o->cap) {
		size_t nc = o->cap ? o->cap * 2 : 4096;
		uint64_t *nv = realloc(o->v, nc * sizeof *nv);
		if (!nv)
			return -1;
		o->v = nv;
		o->cap = nc;
	}
	o->v[o->n++] = t;
	return 0;
}

static int taken_add(objtg_t *o, uint64_t t)
{
	if (o->ntaken == o->ctaken) {
		size_t nc = o->ctaken ? o->ctaken * 2 : 1024;
		uint64_t *nv = realloc(o->taken, nc * sizeof *nv);
		if (!nv)
			return -1;
		o->taken = nv;
		o->ctaken = nc;
	}
	o->taken[o->ntaken++] = t;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Decode [a, end) instruction by instruction (a byte at a time where it does not decode). */
static int sweep(udt_elf_t *e, objtg_t *o, uint64_t a, uint64_t end)
{
	const uint8_t *code = sym_code(e, a, (size_t)(end - a));
	uint64_t start = a;

	if (!code)
		return 0;
	while (a < end) {
		udt_insn_t in;
		if (insn_decode(code + (a - start), (size_t)(end - a), a, &in) < 0) {
			a++;
			continue;
		}
		if ((in.kind == INSN_JMP_REL || in.kind == INSN_JCC_REL ||
		    in.kind == INSN_LOOP || in.kind == INSN_CALL_REL) &&
		    tg_add(o, in.target) < 0)
			return -1;
		/* an address the code takes (lea label(%rip): computed goto, tables) */
		if (in.kind == INSN_PLAIN && in.rip_rel && in.disp_off &&
		    in.disp_off + 4 <= in.len) {
			int32_t d;
			memcpy(&d, in.bytes + in.disp_off, 4);
			if (taken_add(o, in.addr + in.len + (uint64_t)(int64_t)d) < 0)
				return -1;
		}
		a += in.len;
	}
	return 0;
}

static objtg_t *obj_targets(udt_elf_t *e, const char *path)
{
	const udt_sym_t *v;
	size_t n;
	objtg_t *o;

	for (o = objtgs; o; o = o->next)
		if (strcmp(o->path, path) == 0)
			return o->failed ? NULL : o;
	if (!(o = calloc(1, sizeof *o)) || !(o->path = strdup(path))) {
		free(o);
		return NULL;
	}
	o->next = objtgs;
	objtgs = o;
	n = sym_funcs(e, &v);
	for (size_t i = 0; i < n && !o->failed; i++) {
		uint64_t end = v[i].addr + v[i].size;
		if (sweep(e, o, v[i].addr, end) < 0)
			o->failed = 1;
		/* the gap up to the next symbol: code without one */
		if (i + 1 < n && v[i + 1].addr > end &&
		    v[i + 1].addr - end <= (1u << 20) &&
		    sweep(e, o, end, v[i + 1].addr) < 0)
			o->failed = 1;
	}
	if (o->failed)
		return NULL;
	if (tp_pads(path, &o->pads, &o->npads, &o->cpads, &o->taken,
	    &o->ntaken, &o->ctaken) < 0)
		o->padsbad = 1;
	qsort(o->v, o->n, sizeof *o->v, cmp_u64);
	if (o->npads)
		qsort(o->pads, o->npads, sizeof *o->pads, cmp_u64);
	if (o->ntaken)
		qsort(o->taken, o->ntaken, sizeof *o->taken, cmp_u64);
	return o;
}

/* Does the sorted v[n] hold an address in (lo, hi)? */
static int tg_inside(const uint64_t *v, size_t n, uint64_t lo, uint64_t hi)
{
	size_t l = 0, h = n;

	while (l < h) {
		size_t m = (l + h) / 2;
		if (v[m] <= lo)
			l = m + 1;
		else
			h = m;
	}
	return l < n && v[l] < hi;
}

void tp_code_free(void)
{
	objtg_t *o;

	while ((o = objtgs)) {
		objtgs = o->next;
		free(o->v);
		free(o->pads);
		free(o->taken);
		free(o->path);
		free(o);
	}
}

/* The function's .cold part, if it has one (gcc -freorder-blocks-and-partition). */
static const udt_sym_t *cold_part(udt_elf_t *e, const udt_sym_t *f)
{
	const udt_sym_t *v;
	size_t n = sym_funcs(e, &v), len = strlen(f->name);

	for (size_t i = 0; i < n; i++)
		if (strncmp(v[i].name, f->name, len) == 0 &&
		    strncmp(v[i].name + len, ".cold", 5) == 0)
			return &v[i];
	return NULL;
}

int tp_analyse(tp_backend_t *b, udt_proc_t *p, const udt_site_t *s,
    tp_plan_t *plan, char *why, size_t wl)
{
	char err[256];
	udt_elf_t *e;
	const udt_map_t *maps;
	size_t nmaps;
	uint64_t bias, va, o;
	const udt_sym_t *f, *cold;
	const uint8_t *code, *pad;
	const char *base;
	walk_t w;
	unsigned char bound[4096];
	int rc;

	(void)b;
	memset(plan, 0, sizeof *plan);
	if (!s->path || !s->path[0]) {
		snprintf(why, wl, "no object file");
		return 0;
	}
	base = strrchr(s->path, '/');
	base = base ? base + 1 : s->path;
	if (strncmp(base, "ld-", 3) == 0 || strncmp(base, "ld.so", 5) == 0) {
		/* runs before the thread pointer exists; holds the rtld breakpoint */
		snprintf(why, wl, "in the dynamic linker");
		return 0;
	}
	if (!(e = sym_elf(s->path, err, sizeof err)) ||
	    proc_maps(p, &maps, &nmaps) < 0 ||
	    sym_bias(e, maps, nmaps, &bias) < 0) {
		snprintf(why, wl, "object not found in the process");
		return 0;
	}
	va = s->addr - bias;
	if (!(f = sym_func_at(e, va))) {
		snprintf(why, wl, "no function symbol");
		return 0;
	}
	o = va - f->addr;
	if (f->size > sizeof bound) {
		snprintf(why, wl, "function too large to analyse");
		return 0;
	}
	if (!(code = sym_code(e, f->addr, (size_t)f->size))) {
		snprintf(why, wl, "function bytes not in the file");
		return 0;
	}
	memset(bound, 0, sizeof bound);
	memset(&w, 0, sizeof w);
	w.fstart = f->addr;
	w.fend = f->addr + f->size;
	w.bound = bound;
	w.lo = va;
	w.hi = va + TP_JMPLEN;
	if (insn_walk(code, (size_t)f->size, f->addr, walk_cb, &w) != 0) {
		snprintf(why, wl, "function not fully decodable");
		return 0;
	}
	if (!bound[o]) {
		snprintf(why, wl, "not an instruction boundary");
		return 0;
	}
	/* the displaced instructions */
	while (plan->dlen < TP_JMPLEN) {
		udt_insn_t *in = &plan->in[plan->ninsn];
		uint64_t at = o + plan->dlen;
		if (at >= f->size)
			break;
		if (insn_decode(code + at, (size_t)(f->size - at), va + plan->dlen,
		    in) < 0) {
			snprintf(why, wl, "undecodable instruction");
			return 0;
		}
		plan->ninsn++;
		plan->dlen = (uint8_t)(plan->dlen + in->len);
		if (never_displace(in)) {
			snprintf(why, wl, "a %s among the first 5 bytes",
			    in->mnemonic);
			return 0;
		}
		switch (in->kind) {
		case INSN_PLAIN:
		case INSN_JCC_REL:
			continue;
		case INSN_RET:
		case INSN_JMP_REL:
			plan->terminal = 1;
			break;
		default:
			snprintf(why, wl, "a %s among the first 5 bytes",
			    in->mnemonic);
			return 0;
		}
		break;
	}
	if (plan->dlen < TP_JMPLEN) {
		/*
		 * Short of 5 bytes: only after a final ret or jmp that ends the
		 * function, over padding no function covers (never executed).
		 */
		uint64_t end = va + plan->dlen, need = va + TP_JMPLEN;
		if (!plan->terminal || end != w.fend) {
			snprintf(why, wl, "fewer than 5 bytes before %s",
			    plan->terminal ? "the next code" : "the function ends");
			return 0;
		}
		if (!(pad = sym_code(e, end, 16))) {
			snprintf(why, wl, "no padding after the function");
			return 0;
		}
		for (uint64_t a = end; a < need; ) {
			udt_insn_t pi;
			if (insn_decode(pad + (a - end), 16 - (size_t)(a - end), a,
			    &pi) < 0 || !is_pad(&pi)) {
				snprintf(why, wl, "no padding after the function");
				return 0;
			}
			a += pi.len;
		}
		for (uint64_t a = end; a < need; a++)
			if (sym_func_at(e, a)) {
				snprintf(why, wl, "the next function follows at once");
				return 0;
			}
	} else if (plan->terminal && plan->dlen > TP_JMPLEN) {
		/* fine: the jmp/ret itself covers the rest */
	}
	if (w.target_inside) {
		snprintf(why, wl, "a branch targets the bytes after it");
		return 0;
	}
	if (plan->ninsn > 1) {
		objtg_t *ot = obj_targets(e, s->path);
		if (!ot) {
			snprintf(why, wl, "cannot list the object's branches");
			return 0;
		}
		if (tg_inside(ot->v, ot->n, va, va + TP_JMPLEN)) {
			snprintf(why, wl, "a branch from elsewhere in %s targets "
			    "the bytes after it", base);
			return 0;
		}
		/*
		 * Entered other than by a direct branch: an exception landing
		 * pad, an address the code takes (lea) or the data holds
		 * (relocated pointers: tables, function pointers).
		 */
		if (ot->padsbad) {
			snprintf(why, wl, "the exception tables of %s cannot be "
			    "read", base);
			return 0;
		}
		if (tg_inside(ot->pads, ot->npads, va, va + TP_JMPLEN)) {
			snprintf(why, wl, "an exception landing pad lies in the "
			    "bytes after it");
			return 0;
		}
		if (tg_inside(ot->taken, ot->ntaken, va, va + TP_JMPLEN)) {
			snprintf(why, wl, "%s takes the address of a byte after "
			    "it (lea, or a pointer in its data)", base);
			return 0;
		}
	}
	if (w.indirect && plan->ninsn > 1) {
		snprintf(why, wl, "its function has a jump table");
		return 0;
	}
	if (plan->ninsn > 1 && (cold = cold_part(e, f)) &&
	    (code = sym_code(e, cold->addr, (size_t)cold->size))) {
		walk_t cw;
		memset(&cw, 0, sizeof cw);
		cw.fstart = cold->addr;
		cw.fend = cold->addr + cold->size;
		cw.lo = va;
		cw.hi = va + TP_JMPLEN;
		rc = insn_walk(code, (size_t)cold->size, cold->addr, walk_cb, &cw);
		if (rc != 0 || cw.target_inside || cw.indirect) {
			snprintf(why, wl, "its .cold part may jump inside");
			return 0;
		}
	}
	/* the plan was decoded at file addresses: move it to the process's */
	for (int i = 0; i < plan->ninsn; i++) {
		udt_insn_t *in = &plan->in[i];
		uint8_t bytes[16];
		memcpy(bytes, in->bytes, in->len);
		if (insn_decode(bytes, in->len, in->addr + bias, in) < 0) {
			snprintf(why, wl, "undecodable instruction");
			return 0;
		}
	}
	return 1;
}

/* ---- emission ---- */

typedef struct buf { uint8_t *p; size_t n, cap; int bad; } buf_t;

static void put(buf_t *b, const void *v, size_t n)
{
	if (b->n + n > b->cap) {
		b->bad = 1;
		return;
	}
	memcpy(b->p + b->n, v, n);
	b->n += n;
}

#define PUT(b, ...) do { static const uint8_t x_[] = { __VA_ARGS__ }; \
	put(b, x_, sizeof x_); } while (0)

static void put32(buf_t *b, uint32_t v) { put(b, &v, 4); }
static void put64(buf_t *b, uint64_t v) { put(b, &v, 8); }

/* x86 register numbers of the R_* slots, for the stores into the record */
static const struct { int r, x; } direct[] = {
	{ R_R15, 15 }, { R_R14, 14 }, { R_R13, 13 }, { R_R12, 12 },
	{ R_RBP, 5 }, { R_RBX, 3 }, { R_R11, 11 }, { R_R10, 10 },
	{ R_R9, 9 }, { R_R8, 8 }, { R_RSI, 6 }, { R_RDI, 7 },
};

/* mov %reg, disp32(%rdx) */
static void store_at(buf_t *b, int x, uint32_t disp)
{
	uint8_t op[3] = { (uint8_t)(0x48 | (x >= 8 ? 4 : 0)), 0x89,
	    (uint8_t)(0x80 | ((x & 7) << 3) | 2) };
	put(b, op, 3);
	put32(b, disp);
}

/* ... into register slot R_* of a full record */
static void store(buf_t *b, int x, int slot)
{
	store_at(b, x, (uint32_t)(TP_R_REGS + 8 * slot));
}

/* mov disp8(%rsp), %rcx */
static void load_rcx(buf_t *b, int disp)
{
	uint8_t op[5] = { 0x48, 0x8b, 0x4c, 0x24, (uint8_t)disp };
	put(b, op, 5);
}

/* jmp (or jcc, cc >= 0) from b's end at `at` to target: rel32, or absolute. */
static int branch(buf_t *b, uint64_t at, int cc, uint64_t target)
{
	uint64_t next = at + b->n + (cc >= 0 ? 6 : 5);
	int64_t rel = (int64_t)(target - next);

	if (rel >= INT32_MIN && rel <= INT32_MAX) {
		if (cc >= 0) {
			uint8_t op[2] = { 0x0f, (uint8_t)(0x80 | cc) };
			put(b, op, 2);
		} else
			PUT(b, 0xe9);
		put32(b, (uint32_t)(int32_t)rel);
		return 0;
	}
	if (cc >= 0) {
		/* j!cc over an absolute jmp */
		uint8_t op[2] = { (uint8_t)(0x70 | (cc ^ 1)), 14 };
		put(b, op, 2);
	}
	PUT(b, 0xff, 0x25, 0, 0, 0, 0);
	put64(b, target);
	return 0;
}

/* A rel32 of a jump or jcc just emitted, to be set by fix(). */
static size_t hole(buf_t *b)
{
	size_t at = b->n;

	put32(b, 0);
	return at;
}

static void fix(buf_t *b, size_t at, size_t to)
{
	int32_t rel = (int32_t)((int64_t)to - (int64_t)(at + 4));

	if (!b->bad && at + 4 <= b->n)
		memcpy(b->p + at, &rel, 4);
}

/* the thread pointer into %rax (rdfsbase where the kernel allows it) */
static void fs_rax(buf_t *b, const tp_backend_t *bk)
{
	if (bk->fsgsbase)
		PUT(b, 0xf3, 0x48, 0x0f, 0xae, 0xc0);   /* rdfsbase %rax */
	else
		PUT(b, 0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0); /* mov %fs:0,%rax */
}

/*
 * How many stack bytes to copy, into %rdx (rsi = the thread's rsp; rax,
 * rcx, rdx, rdi, r8 free): min(n, hi - rsp) from the first entry of the
 * stack table whose key is the thread pointer and whose [lo, hi) holds
 * rsp, read key, range, key again (an entry being removed is skipped);
 * with none, to the end of rsp's page. At most TP_STK_N slots are looked
 * at: the loop ends whatever the table holds.
 */
static void emit_stacklen(buf_t *b, const tp_backend_t *bk,
    const tp_proc_t *tp, uint32_t n)
{
	size_t loop, jz, jne1, jb, jae, jne2, jfound, jnz, notfound, havelen;

	fs_rax(b, bk);
	PUT(b, 0x48, 0xbf);                     /* movabs $table,%rdi */
	put64(b, tp->tring + TP_H_STK);
	PUT(b, 0x48, 0x89, 0xc1);               /* mov %rax,%rcx */
	PUT(b, 0x48, 0xba);                     /* movabs $K,%rdx */
	put64(b, 0x9e3779b97f4a7c15ull);
	PUT(b, 0x48, 0x0f, 0xaf, 0xca);         /* imul %rdx,%rcx */
	PUT(b, 0x48, 0xc1, 0xe9, 64 - TP_STK_BITS);  /* shr $(64-bits),%rcx */
	PUT(b, 0x48, 0xc1, 0xe1, 5);            /* shl $5,%rcx: entry offset */
	PUT(b, 0x41, 0xb8);                     /* mov $TP_STK_N,%r8d */
	put32(b, TP_STK_N);
	loop = b->n;
	PUT(b, 0x48, 0x8b, 0x14, 0x0f);         /* mov (%rdi,%rcx),%rdx: key */
	PUT(b, 0x48, 0x85, 0xd2);               /* test %rdx,%rdx */
	PUT(b, 0x0f, 0x84);                     /* jz notfound: never used */
	jz = hole(b);
	PUT(b, 0x48, 0x39, 0xc2);               /* cmp %rax,%rdx */
	PUT(b, 0x0f, 0x85);                     /* jne next */
	jne1 = hole(b);
	PUT(b, 0x48, 0x3b, 0x74, 0x0f, 0x08);   /* cmp 8(%rdi,%rcx),%rsi: lo */
	PUT(b, 0x0f, 0x82);                     /* jb next */
	jb = hole(b);
	PUT(b, 0x48, 0x8b, 0x54, 0x0f, 0x10);   /* mov 16(%rdi,%rcx),%rdx: hi */
	PUT(b, 0x48, 0x39, 0xd6);               /* cmp %rdx,%rsi */
	PUT(b, 0x0f, 0x83);                     /* jae next */
	jae = hole(b);
	PUT(b, 0x48, 0x3b, 0x04, 0x0f);         /* cmp (%rdi,%rcx),%rax: key again */
	PUT(b, 0x0f, 0x85);                     /* jne next */
	jne2 = hole(b);
	PUT(b, 0x48, 0x29, 0xf2);               /* sub %rsi,%rdx: hi - rsp */
	PUT(b, 0xe9);                           /* jmp havelen */
	jfound = hole(b);
	/* next: */
	fix(b, jne1, b->n);
	fix(b, jb, b->n);
	fix(b, jae, b->n);
	fix(b, jne2, b->n);
	PUT(b, 0x48, 0x83, 0xc1, TP_STK_ENT);   /* add $32,%rcx */
	PUT(b, 0x48, 0x81, 0xe1);               /* and $mask,%rcx */
	put32(b, TP_STK_N * TP_STK_ENT - 1);
	PUT(b, 0x41, 0xff, 0xc8);               /* dec %r8d */
	PUT(b, 0x0f, 0x85);                     /* jnz loop */
	jnz = hole(b);
	fix(b, jnz, loop);
	notfound = b->n;
	fix(b, jz, notfound);
	PUT(b, 0x48, 0x89, 0xf2);               /* mov %rsi,%rdx */
	PUT(b, 0x48, 0xf7, 0xd2);               /* not %rdx */
	PUT(b, 0x81, 0xe2, 0xff, 0x0f, 0, 0);   /* and $4095,%edx */
	PUT(b, 0x48, 0xff, 0xc2);               /* inc %rdx: to the page's end */
	havelen = b->n;
	fix(b, jfound, havelen);
	PUT(b, 0x48, 0x81, 0xfa);               /* cmp $n,%rdx */
	put32(b, n);
	PUT(b, 0x76, 0x05);                     /* jbe 1f */
	PUT(b, 0xba);                           /* mov $n,%edx */
	put32(b, n);
	/* 1: */
}

/*
 * The record block: save, reserve, write the record of point id (with
 * `stack` bytes from rsp up, at most, when stack > 0; a short one when
 * shorter, and then stack is 0), restore.
 *
 * Saved on the stack, from rsp: aux 0, tsc 8, then (with a stack copy)
 * r8 16, rdi 24, rsi 32, then rdx, rcx, rax, flags; the thread's rsp is
 * 128 (the red zone) above the last.
 */
static void emit_record(buf_t *b, const tp_backend_t *bk, const tp_proc_t *tp,
    uint32_t id, uint32_t stack, int shorter, int seal)
{
	int extra = stack ? 24 : 0;
	int o_rdx = 16 + extra, o_rcx = 24 + extra, o_rax = 32 + extra,
	    o_fl = 40 + extra, orig = 48 + extra + 128;
	size_t loop, jfull, jdone, full;

	PUT(b, 0x48, 0x8d, 0x64, 0x24, 0x80);   /* lea -128(%rsp),%rsp: the red zone */
	PUT(b, 0x9c, 0x50, 0x51, 0x52);         /* pushfq; push rax, rcx, rdx */
	if (stack)
		PUT(b, 0x56, 0x57, 0x41, 0x50); /* push rsi, rdi, r8 */
	PUT(b, 0x0f, 0x01, 0xf9);               /* rdtscp */
	PUT(b, 0x48, 0xc1, 0xe2, 0x20);         /* shl $32,%rdx */
	PUT(b, 0x48, 0x09, 0xd0);               /* or %rdx,%rax */
	PUT(b, 0x50, 0x51);                     /* push tsc, aux */
	if (stack) {
		PUT(b, 0xfc);                   /* cld: for rep movsb (popfq restores) */
		PUT(b, 0x48, 0x8d, 0xb4, 0x24); /* lea orig(%rsp),%rsi */
		put32(b, (uint32_t)orig);
		emit_stacklen(b, bk, tp, stack);
		PUT(b, 0x49, 0x89, 0xd0);       /* mov %rdx,%r8: bytes */
		PUT(b, 0x48, 0x8d, 0xba);       /* lea STACK+REC-1(%rdx),%rdi */
		put32(b, TP_R_STACK + TP_REC - 1);
		PUT(b, 0x48, 0xc1, 0xef, TP_RECSHIFT);   /* shr $RECSHIFT,%rdi: slots */
	}
	PUT(b, 0x48, 0xb9);                     /* movabs $ring,%rcx */
	put64(b, tp->tring);
	loop = b->n;
	PUT(b, 0x48, 0x8b, 0x01);               /* mov (%rcx),%rax: head */
	PUT(b, 0x48, 0x89, 0xc2);               /* mov %rax,%rdx */
	PUT(b, 0x48, 0x2b, 0x51, TP_H_TAIL);    /* sub tail(%rcx),%rdx */
	if (stack) {
		PUT(b, 0x48, 0x01, 0xfa);       /* add %rdi,%rdx */
		PUT(b, 0x48, 0x81, 0xfa);       /* cmp $nrec,%rdx */
		put32(b, (uint32_t)tp->nrec);
		PUT(b, 0x0f, 0x87);             /* ja full */
	} else if (shorter) {
		PUT(b, 0x48, 0x81, 0xfa);       /* cmp $nrec,%rdx */
		put32(b, (uint32_t)tp->nrec);
		PUT(b, 0x0f, 0x83);             /* jae full */
	} else {
		PUT(b, 0x48, 0x81, 0xfa);       /* cmp $(nrec - FULL_NSL),%rdx */
		put32(b, (uint32_t)(tp->nrec - TP_FULL_NSL));
		PUT(b, 0x0f, 0x87);             /* ja full */
	}
	jfull = hole(b);
	if (stack)
		PUT(b, 0x48, 0x8d, 0x14, 0x38); /* lea (%rax,%rdi),%rdx */
	else if (shorter)
		PUT(b, 0x48, 0x8d, 0x50, 0x01); /* lea 1(%rax),%rdx */
	else
		PUT(b, 0x48, 0x8d, 0x50, TP_FULL_NSL); /* lea FULL_NSL(%rax),%rdx */
	PUT(b, 0xf0, 0x48, 0x0f, 0xb1, 0x11);   /* lock cmpxchg %rdx,(%rcx) */
	PUT(b, 0x0f, 0x85);                     /* jne loop */
	put32(b, (uint32_t)(int32_t)((int64_t)loop - (int64_t)(b->n + 4)));
	PUT(b, 0x48, 0x89, 0xc2);               /* mov %rax,%rdx */
	PUT(b, 0x48, 0x81, 0xe2);               /* and $(nrec-1),%rdx */
	put32(b, (uint32_t)(tp->nrec - 1));
	PUT(b, 0x48, 0xc1, 0xe2, TP_RECSHIFT);  /* shl $RECSHIFT,%rdx */
	PUT(b, 0x48, 0x8d, 0x94, 0x11);         /* lea HDR(%rcx,%rdx),%rdx */
	put32(b, TP_HDR);
	if (shorter) {
		store_at(b, 7, TP_S_REGS + 8);          /* rdi */
		store_at(b, 6, TP_S_REGS + 16);         /* rsi */
		load_rcx(b, o_rdx);
		store_at(b, 1, TP_S_REGS + 24);
		load_rcx(b, o_rax);
		store_at(b, 1, TP_S_REGS + 32);
		load_rcx(b, 0);
		PUT(b, 0x89, 0x4a, TP_R_AUX);           /* mov %ecx,aux(%rdx) */
		load_rcx(b, 8);
		PUT(b, 0x48, 0x89, 0x4a, TP_S_TSC);     /* mov %rcx,tsc(%rdx) */
		PUT(b, 0xc7, 0x42, TP_R_ID);            /* movl $id,id(%rdx) */
		put32(b, id | TP_ID_SHORT);
		if (bk->fsgsbase)
			PUT(b, 0xf3, 0x48, 0x0f, 0xae, 0xc1);   /* rdfsbase %rcx */
		else
			PUT(b, 0x64, 0x48, 0x8b, 0x0c, 0x25, 0, 0, 0, 0); /* mov %fs:0,%rcx */
		store_at(b, 1, TP_S_REGS);
		goto publish;
	}
	for (size_t i = 0; i < sizeof direct / sizeof direct[0]; i++)
		if (!stack || (direct[i].x != 6 && direct[i].x != 7 &&
		    direct[i].x != 8))
			store(b, direct[i].x, direct[i].r);
	if (stack) {
		load_rcx(b, 16);
		store(b, 1, R_R8);
		load_rcx(b, 24);
		store(b, 1, R_RDI);
		load_rcx(b, 32);
		store(b, 1, R_RSI);
		PUT(b, 0x44, 0x89, 0x42, TP_R_SLEN);     /* mov %r8d,slen(%rdx) */
		PUT(b, 0x89, 0x7a, TP_R_NSL);            /* mov %edi,nsl(%rdx) */
	} else {
		PUT(b, 0xc7, 0x42, TP_R_SLEN);           /* movl $0,slen(%rdx) */
		put32(b, 0);
		PUT(b, 0xc7, 0x42, TP_R_NSL);            /* movl $FULL_NSL,nsl(%rdx) */
		put32(b, TP_FULL_NSL);
	}
	load_rcx(b, 0);
	PUT(b, 0x89, 0x4a, TP_R_AUX);           /* mov %ecx,aux(%rdx) */
	load_rcx(b, 8);
	PUT(b, 0x48, 0x89, 0x4a, TP_R_TSC);     /* mov %rcx,tsc(%rdx) */
	load_rcx(b, o_rdx);
	store(b, 1, R_RDX);
	load_rcx(b, o_rcx);
	store(b, 1, R_RCX);
	load_rcx(b, o_rax);
	store(b, 1, R_RAX);
	load_rcx(b, o_fl);
	store(b, 1, R_RFL);
	PUT(b, 0x48, 0x8d, 0x8c, 0x24);         /* lea orig(%rsp),%rcx */
	put32(b, (uint32_t)orig);
	store(b, 1, R_RSP);
	PUT(b, 0xc7, 0x42, TP_R_ID);            /* movl $id,id(%rdx) */
	put32(b, id);
	if (bk->fsgsbase)
		PUT(b, 0xf3, 0x48, 0x0f, 0xae, 0xc1);   /* rdfsbase %rcx */
	else
		PUT(b, 0x64, 0x48, 0x8b, 0x0c, 0x25, 0, 0, 0, 0); /* mov %fs:0,%rcx */
	store(b, 1, R_FS_BASE);
	if (stack) {
		PUT(b, 0x48, 0x8d, 0xba);       /* lea STACK(%rdx),%rdi */
		put32(b, TP_R_STACK);
		PUT(b, 0x48, 0x8d, 0xb4, 0x24); /* lea orig(%rsp),%rsi */
		put32(b, (uint32_t)orig);
		PUT(b, 0x4c, 0x89, 0xc1);       /* mov %r8,%rcx */
		PUT(b, 0xf3, 0xa4);             /* rep movsb */
	}
	if (!seal) {
		PUT(b, 0x48, 0xc7, 0x82);       /* movq $0,orig_rax(%rdx): no epoch */
		put32(b, TP_R_REGS + 8 * R_ORIG_RAX);
		put32(b, 0);
	} else {
		/* open the next epoch: the record carries it (tramp_kagg.c) */
		PUT(b, 0x50);                   /* push %rax */
		PUT(b, 0x48, 0xb9);             /* movabs $epoch,%rcx */
		put64(b, tp->tring + TP_H_EPOCH);
		PUT(b, 0xb8, 1, 0, 0, 0);       /* mov $1,%eax */
		PUT(b, 0xf0, 0x48, 0x0f, 0xc1, 0x01);   /* lock xadd %rax,(%rcx) */
		PUT(b, 0x48, 0xff, 0xc0);       /* inc %rax */
		store(b, 0, R_ORIG_RAX);
		PUT(b, 0x58);                   /* pop %rax */
	}
publish:
	PUT(b, 0x48, 0xff, 0xc0);               /* inc %rax */
	PUT(b, 0x48, 0x89, 0x02);               /* mov %rax,(%rdx): published */
	PUT(b, 0xe9);                           /* jmp done */
	jdone = hole(b);
	full = b->n;
	PUT(b, 0x48, 0x8b, 0x14, 0x24);         /* mov (%rsp),%rdx: aux */
	PUT(b, 0x81, 0xe2);                     /* and $(TP_MAXCPU-1),%edx */
	put32(b, TP_MAXCPU - 1);
	PUT(b, 0xf0, 0x48, 0xff, 0x84, 0xd1);   /* lock incq drops(%rcx,%rdx,8) */
	put32(b, TP_H_DROPS);
	fix(b, jfull, full);
	fix(b, jdone, b->n);
	PUT(b, 0x48, 0x83, 0xc4, 0x10);         /* add $16,%rsp */
	if (stack)
		PUT(b, 0x41, 0x58, 0x5f, 0x5e); /* pop r8, rdi, rsi */
	PUT(b, 0x5a, 0x59, 0x58, 0x9d);         /* pop rdx, rcx, rax; popfq */
	PUT(b, 0x48, 0x8d, 0xa4, 0x24, 0x80, 0, 0, 0);  /* lea 128(%rsp),%rsp */
}

/*
 * The counter block of a counted point: one locked increment of its
 * counter, flags and rax saved below the red zone. No record, no ring
 * space: it never drops.
 */
static void emit_count(buf_t *b, const tp_proc_t *tp, uint32_t id)
{
	PUT(b, 0x48, 0x8d, 0x64, 0x24, 0x80);   /* lea -128(%rsp),%rsp */
	PUT(b, 0x9c, 0x50);                     /* pushfq; push %rax */
	PUT(b, 0x48, 0xb8);                     /* movabs $counter,%rax */
	put64(b, tp->tring + TP_H_CNT + (uint64_t)id * TP_CNT_ENT);
	PUT(b, 0xf0, 0x48, 0xff, 0x00);         /* lock incq (%rax) */
	PUT(b, 0x58, 0x9d);                     /* pop %rax; popfq */
	PUT(b, 0x48, 0x8d, 0xa4, 0x24, 0x80, 0, 0, 0);  /* lea 128(%rsp),%rsp */
}

/* ---- the fold block (tramp_kagg.c, the table in tramp_impl.h) ---- */

/*
 * Frame, from rsp: the program's registers k0-k15, then per clause its
 * keys (4), value and entry; above it r11, r10, r9, r8, rdi, rsi, rdx,
 * rcx, rax, flags as pushed, and the red zone.
 */
#define KF_AREA       (8 * UDT_KREGS)
#define KF_CL         48
#define KF_KEYS(c)    (KF_AREA + KF_CL * (c))
#define KF_VAL(c)     (KF_KEYS(c) + 32)
#define KF_ENT(c)     (KF_KEYS(c) + 40)
#define KF_FRAME      (KF_AREA + KF_CL * TP_KCL_MAX)

/* the saved copy of register R_* r, from rsp (tramp_kagg.c allows these) */
static uint32_t kf_saved(uint64_t r)
{
	switch (r) {
	case R_R11: return KF_FRAME + 0;
	case R_R10: return KF_FRAME + 8;
	case R_R9: return KF_FRAME + 16;
	case R_R8: return KF_FRAME + 24;
	case R_RDI: return KF_FRAME + 32;
	case R_RSI: return KF_FRAME + 40;
	case R_RDX: return KF_FRAME + 48;
	case R_RCX: return KF_FRAME + 56;
	default: return KF_FRAME + 64;   /* R_RAX */
	}
}

/* mov disp32(%rsp),%x (load) or mov %x,disp32(%rsp) */
static void rsp_op(buf_t *b, int load, int x, uint32_t disp)
{
	uint8_t op[4] = { (uint8_t)(0x48 | (x >= 8 ? 4 : 0)),
	    (uint8_t)(load ? 0x8b : 0x89), (uint8_t)(0x84 | ((x & 7) << 3)),
	    0x24 };
	put(b, op, 4);
	put32(b, disp);
}

/* opc disp32(%rsi) with register x (mov load 8b, store 89, cmp 3b) */
static void rsi_op(buf_t *b, uint8_t opc, int x, uint32_t disp)
{
	uint8_t op[3] = { (uint8_t)(0x48 | (x >= 8 ? 4 : 0)), opc,
	    (uint8_t)(0x86 | ((x & 7) << 3)) };
	put(b, op, 3);
	put32(b, disp);
}

/* jcc (cc >= 0) or jmp with a rel32 to fix later: its hole */
static size_t jhole(buf_t *b, int cc)
{
	if (cc >= 0) {
		uint8_t op[2] = { 0x0f, (uint8_t)(0x80 | cc) };
		put(b, op, 2);
	} else
		PUT(b, 0xe9);
	return hole(b);
}

enum { CC_B = 2, CC_E = 4, CC_NE = 5, CC_BE = 6, CC_L = 12, CC_GE = 13,
	CC_LE = 14, CC_G = 15 };

/* one op of clause program c (not VAL) */
static void emit_kop(buf_t *b, const udt_kop_t *o, unsigned ci, unsigned *nkey)
{
	static const uint8_t alu[][3] = {
		[UDT_K_OR] = { 0x48, 0x09, 0xc8 }, [UDT_K_XOR] = { 0x48, 0x31, 0xc8 },
		[UDT_K_AND] = { 0x48, 0x21, 0xc8 }, [UDT_K_ADD] = { 0x48, 0x01, 0xc8 },
		[UDT_K_SUB] = { 0x48, 0x29, 0xc8 }, [UDT_K_SLL] = { 0x48, 0xd3, 0xe0 },
		[UDT_K_SRL] = { 0x48, 0xd3, 0xe8 }, [UDT_K_SRA] = { 0x48, 0xd3, 0xf8 },
	};
	static const uint8_t setcc[] = {
		[UDT_K_CEQ] = 0x94, [UDT_K_CNE] = 0x95, [UDT_K_CLT] = 0x9c,
		[UDT_K_CLTU] = 0x92, [UDT_K_CLE] = 0x9e, [UDT_K_CLEU] = 0x96,
	};
	int store = 1;

	switch (o->op) {
	case UDT_K_CONST:
		PUT(b, 0x48, 0xb8);                 /* movabs $imm,%rax */
		put64(b, o->imm);
		break;
	case UDT_K_REG:
		rsp_op(b, 1, 0, kf_saved(o->imm));
		break;
	case UDT_K_MOV:
		rsp_op(b, 1, 0, 8 * o->r1);
		break;
	case UDT_K_NOT:
		rsp_op(b, 1, 0, 8 * o->r1);
		PUT(b, 0x48, 0xf7, 0xd0);           /* not %rax */
		break;
	case UDT_K_OR: case UDT_K_XOR: case UDT_K_AND: case UDT_K_ADD:
	case UDT_K_SUB: case UDT_K_SLL: case UDT_K_SRL: case UDT_K_SRA:
		rsp_op(b, 1, 0, 8 * o->r1);
		rsp_op(b, 1, 1, 8 * o->r2);
		put(b, alu[o->op], 3);              /* op %rcx(%cl),%rax */
		break;
	case UDT_K_MUL:
		rsp_op(b, 1, 0, 8 * o->r1);
		rsp_op(b, 1, 1, 8 * o->r2);
		PUT(b, 0x48, 0x0f, 0xaf, 0xc1);     /* imul %rcx,%rax */
		break;
	case UDT_K_CEQ: case UDT_K_CNE: case UDT_K_CLT: case UDT_K_CLTU:
	case UDT_K_CLE: case UDT_K_CLEU: {
		uint8_t sc[3] = { 0x0f, setcc[o->op], 0xc0 };
		rsp_op(b, 1, 0, 8 * o->r1);
		rsp_op(b, 1, 1, 8 * o->r2);
		PUT(b, 0x48, 0x39, 0xc8);           /* cmp %rcx,%rax */
		put(b, sc, 3);                      /* setcc %al */
		PUT(b, 0x0f, 0xb6, 0xc0);           /* movzbl %al,%eax */
		break;
	}
	case UDT_K_KEY:
		rsp_op(b, 1, 0, 8 * o->r1);
		rsp_op(b, 0, 0, KF_KEYS(ci) + 8 * (*nkey)++);
		store = 0;
		break;
	default:
		store = 0;
		break;
	}
	if (store && o->rd)
		rsp_op(b, 0, 0, 8 * o->rd);
}

/*
 * Clause ci's entry for the keys and value its program left in the
 * frame, into KF_ENT(ci); no room: a jump whose hole goes to *nofit.
 * Uses rax, rcx, rdx, rsi, rdi, r8, r9, r10.
 */
static void emit_klookup(buf_t *b, const tp_proc_t *tp, unsigned ci,
    uint64_t tag, unsigned nkeys, int func, size_t *nofit)
{
	size_t loop, jempty, jne[2 + UDT_KKEYS_MAX], nj = 0, jfound, jfound2,
	    jlost, jnz;

	PUT(b, 0x48, 0xbf);                         /* movabs $table,%rdi */
	put64(b, tp->tring + TP_H_KT);
	PUT(b, 0x48, 0xb8);                         /* movabs $epoch,%rax */
	put64(b, tp->tring + TP_H_EPOCH);
	PUT(b, 0x4c, 0x8b, 0x00);                   /* mov (%rax),%r8 */
	PUT(b, 0x49, 0xb9);                         /* movabs $K,%r9 */
	put64(b, 0x9e3779b97f4a7c15ull);
	PUT(b, 0x48, 0xba);                         /* movabs $tag,%rdx */
	put64(b, tag);
	PUT(b, 0x4c, 0x31, 0xc2);                   /* xor %r8,%rdx */
	PUT(b, 0x49, 0x0f, 0xaf, 0xd1);             /* imul %r9,%rdx */
	for (unsigned k = 0; k < nkeys; k++) {
		PUT(b, 0x48, 0x33, 0x94, 0x24);     /* xor key(%rsp),%rdx */
		put32(b, KF_KEYS(ci) + 8 * k);
		PUT(b, 0x49, 0x0f, 0xaf, 0xd1);     /* imul %r9,%rdx */
	}
	PUT(b, 0x48, 0xc1, 0xea, 64 - TP_KT_BITS);  /* shr: the index */
	PUT(b, 0x48, 0xc1, 0xe2, 6);                /* shl $6: its offset */
	PUT(b, 0x41, 0xba);                         /* mov $PROBE,%r10d */
	put32(b, TP_KT_PROBE);
	loop = b->n;
	PUT(b, 0x48, 0x8d, 0x34, 0x17);             /* lea (%rdi,%rdx),%rsi */
	PUT(b, 0x48, 0x8b, 0x06);                   /* mov (%rsi),%rax: tag */
	PUT(b, 0x48, 0x85, 0xc0);                   /* test %rax,%rax */
	jempty = jhole(b, CC_E);
	PUT(b, 0x48, 0xb9);                         /* movabs $tag,%rcx */
	put64(b, tag);
	PUT(b, 0x48, 0x39, 0xc8);                   /* cmp %rcx,%rax */
	jne[nj++] = jhole(b, CC_NE);
	rsi_op(b, 0x3b, 8, TP_K_EPOCH);             /* cmp epoch(%rsi),%r8 */
	jne[nj++] = jhole(b, CC_NE);
	for (unsigned k = 0; k < nkeys; k++) {
		rsp_op(b, 1, 0, KF_KEYS(ci) + 8 * k);
		rsi_op(b, 0x3b, 0, TP_K_KEYS + 8 * k);  /* cmp key(%rsi),%rax */
		jne[nj++] = jhole(b, CC_NE);
	}
	jfound = jhole(b, -1);
	/* empty: claim it (lost to another thread: look at it again) */
	fix(b, jempty, b->n);
	PUT(b, 0x48, 0xb9);                         /* movabs $BUSY,%rcx */
	put64(b, TP_KT_BUSY);
	PUT(b, 0xf0, 0x48, 0x0f, 0xb1, 0x0e);       /* lock cmpxchg %rcx,(%rsi) */
	jlost = jhole(b, CC_NE);
	fix(b, jlost, loop);
	rsi_op(b, 0x89, 8, TP_K_EPOCH);             /* mov %r8,epoch(%rsi) */
	for (unsigned k = 0; k < nkeys; k++) {
		rsp_op(b, 1, 0, KF_KEYS(ci) + 8 * k);
		rsi_op(b, 0x89, 0, TP_K_KEYS + 8 * k);
	}
	if (func == UDT_KF_MIN || func == UDT_KF_MAX) {
		PUT(b, 0x48, 0xb8);                 /* movabs $empty,%rax */
		put64(b, func == UDT_KF_MIN ? (uint64_t)INT64_MAX :
		    (uint64_t)INT64_MIN);
		rsi_op(b, 0x89, 0, TP_K_VAL);
	}
	PUT(b, 0x48, 0xb8);                         /* movabs $tag,%rax */
	put64(b, tag);
	rsi_op(b, 0x89, 0, TP_K_TAG);               /* published */
	jfound2 = jhole(b, -1);
	/* next: */
	for (size_t i = 0; i < nj; i++)
		fix(b, jne[i], b->n);
	PUT(b, 0x48, 0x83, 0xc2, TP_KT_ENT);        /* add $64,%rdx */
	PUT(b, 0x48, 0x81, 0xe2);                   /* and $mask,%rdx */
	put32(b, TP_KT_N * TP_KT_ENT - 1);
	PUT(b, 0x41, 0xff, 0xca);                   /* dec %r10d */
	jnz = jhole(b, CC_NE);
	fix(b, jnz, loop);
	*nofit = jhole(b, -1);
	fix(b, jfound, b->n);
	fix(b, jfound2, b->n);
	rsp_op(b, 0, 6, KF_ENT(ci));                /* mov %rsi,ent(%rsp) */
}

/* restore what the fold block saved */
static void kf_restore(buf_t *b)
{
	PUT(b, 0x48, 0x81, 0xc4);                   /* add $FRAME,%rsp */
	put32(b, KF_FRAME);
	PUT(b, 0x41, 0x5b, 0x41, 0x5a, 0x41, 0x59, 0x41, 0x58);  /* pop r11-r8 */
	PUT(b, 0x5f, 0x5e, 0x5a, 0x59, 0x58, 0x9d); /* pop rdi..rax; popfq */
	PUT(b, 0x48, 0x8d, 0xa4, 0x24, 0x80, 0, 0, 0);  /* lea 128(%rsp),%rsp */
}

/*
 * The fold block of pt: every clause's program and entry first, then
 * (all found) their updates, and a jump whose hole (*done) skips the
 * record block that must follow: a hit with no entry for one of its
 * clauses updates none and becomes a record.
 */
static int emit_kagg(buf_t *b, const tp_proc_t *tp, const tp_point_t *pt,
    size_t *done)
{
	size_t nofit[TP_KCL_MAX], nn = 0, cend;
	int funcs[TP_KCL_MAX];
	unsigned ci = 0;
	uint32_t kid = pt->kid0;

	PUT(b, 0x48, 0x8d, 0x64, 0x24, 0x80);       /* lea -128(%rsp),%rsp */
	PUT(b, 0x9c, 0x50, 0x51, 0x52, 0x56, 0x57); /* pushfq; rax rcx rdx rsi rdi */
	PUT(b, 0x41, 0x50, 0x41, 0x51, 0x41, 0x52, 0x41, 0x53);  /* r8-r11 */
	PUT(b, 0x48, 0x81, 0xec);                   /* sub $FRAME,%rsp */
	put32(b, KF_FRAME);
	PUT(b, 0x48, 0xc7, 0x04, 0x24, 0, 0, 0, 0); /* movq $0,(%rsp): k0 */
	for (size_t si = 0; si < pt->nsites; si++) {
		const udt_site_t *s = pt->sites[si];
		if (!s)
			continue;
		for (size_t c = 0; c < s->kagg->n; c++, ci++, kid++) {
			const udt_kclause_t *cl = &s->kagg->c[c];
			size_t at[UDT_KOPS_MAX + 1], br[UDT_KOPS_MAX];
			uint32_t tg[UDT_KOPS_MAX];
			unsigned nkey = 0, nbr = 0;
			if (ci >= TP_KCL_MAX || cl->nops > UDT_KOPS_MAX)
				return -1;
			funcs[ci] = cl->func;
			PUT(b, 0x48, 0xc7, 0x84, 0x24); /* movq $0,ent(%rsp): none */
			put32(b, KF_ENT(ci));
			put32(b, 0);
			for (size_t j = 0; j < cl->nops; j++) {
				const udt_kop_t *o = &cl->ops[j];
				at[j] = b->n;
				switch (o->op) {
				case UDT_K_BA:
					tg[nbr] = o->tgt;
					br[nbr++] = jhole(b, -1);
					break;
				case UDT_K_BZ: case UDT_K_BNZ: case UDT_K_PRED:
					rsp_op(b, 1, 0, 8 * o->r1);
					PUT(b, 0x48, 0x85, 0xc0);   /* test %rax,%rax */
					tg[nbr] = o->op == UDT_K_PRED ?
					    (uint32_t)cl->nops : o->tgt;
					br[nbr++] = jhole(b, o->op == UDT_K_BNZ ?
					    CC_NE : CC_E);
					break;
				case UDT_K_VAL:
					rsp_op(b, 1, 0, 8 * o->r1);
					rsp_op(b, 0, 0, KF_VAL(ci));
					emit_klookup(b, tp, ci, (uint64_t)kid + 1,
					    cl->nkeys, cl->func, &nofit[nn++]);
					break;
				default:
					emit_kop(b, o, ci, &nkey);
				}
			}
			cend = b->n;
			at[cl->nops] = cend;
			for (unsigned k = 0; k < nbr; k++)
				fix(b, br[k], at[tg[k]]);
		}
	}
	/* every clause has its entry (or no update): update them */
	for (unsigned c = 0; c < ci; c++) {
		size_t jskip, loop, jok, jretry;
		rsp_op(b, 1, 6, KF_ENT(c));                 /* mov ent,%rsi */
		PUT(b, 0x48, 0x85, 0xf6);                   /* test %rsi,%rsi */
		jskip = jhole(b, CC_E);
		switch (funcs[c]) {
		case UDT_KF_SUM: case UDT_KF_AVG:
			rsp_op(b, 1, 0, KF_VAL(c));
			PUT(b, 0xf0, 0x48, 0x01, 0x46, TP_K_VAL);  /* lock add %rax,val(%rsi) */
			break;
		case UDT_KF_MIN: case UDT_KF_MAX:
			rsp_op(b, 1, 1, KF_VAL(c));             /* the value: rcx */
			loop = b->n;
			PUT(b, 0x48, 0x8b, 0x46, TP_K_VAL);     /* mov val(%rsi),%rax */
			PUT(b, 0x48, 0x39, 0xc1);               /* cmp %rax,%rcx */
			jok = jhole(b, funcs[c] == UDT_KF_MIN ? CC_GE : CC_LE);
			PUT(b, 0xf0, 0x48, 0x0f, 0xb1, 0x4e, TP_K_VAL);  /* lock cmpxchg %rcx,val(%rsi) */
			jretry = jhole(b, CC_NE);
			fix(b, jretry, loop);
			fix(b, jok, b->n);
			break;
		default:
			break;
		}
		PUT(b, 0xf0, 0x48, 0xff, 0x46, TP_K_CNT);   /* lock incq cnt(%rsi) */
		fix(b, jskip, b->n);
	}
	kf_restore(b);
	*done = jhole(b, -1);
	for (size_t i = 0; i < nn; i++)
		fix(b, nofit[i], b->n);
	kf_restore(b);
	return 0;
}

/* A point's block: its counter, its fold (and record when it cannot), or its record. */
static int emit_block(buf_t *b, const tp_backend_t *bk, const tp_proc_t *tp,
    const tp_point_t *pt)
{
	size_t done;

	if (pt->counted) {
		emit_count(b, tp, pt->id);
		return 0;
	}
	if (pt->kagg && emit_kagg(b, tp, pt, &done) < 0)
		return -1;
	emit_record(b, bk, tp, pt->id, pt->stack, pt->shorter && !pt->stack,
	    pt->seal);
	if (pt->kagg)
		fix(b, done, b->n);
	return 0;
}

int tp_emit(const tp_backend_t *bk, const tp_proc_t *tp, const tp_point_t *pt,
    uint64_t at, uint8_t *code, size_t *len)
{
	buf_t b = { code, 0, TP_CODE_MAX, 0 };
	uint64_t ia = pt->addr;

	if (emit_block(&b, bk, tp, pt) < 0)
		return -1;
	/* the displaced instructions */
	for (int i = 0; i < pt->plan.ninsn; i++) {
		const udt_insn_t *in = &pt->plan.in[i];
		const tp_point_t *q;
		uint8_t r[16];
		size_t rl = 0;
		/* a point at this displaced instruction fires here */
		if (i > 0 && (q = tp_pt_find(tp, ia)) && q->state == TP_INNER &&
		    q->outer == pt && emit_block(&b, bk, tp, q) < 0)
			return -1;
		ia += in->len;
		switch (in->kind) {
		case INSN_PLAIN:
			if (insn_relocate(in, at + b.n, r, &rl) < 0)
				return -1;
			put(&b, r, rl);
			break;
		case INSN_RET:
			put(&b, in->bytes, in->len);
			break;
		case INSN_JCC_REL:
			branch(&b, at, in->cc, in->target);
			break;
		case INSN_JMP_REL:
			branch(&b, at, -1, in->target);
			break;
		default:
			return -1;
		}
	}
	if (!pt->plan.terminal)
		branch(&b, at, -1, pt->addr + pt->plan.dlen);
	if (b.bad)
		return -1;
	*len = b.n;
	return 0;
}
