/*
 * fuzz_dif.c — libFuzzer target: decode a random DIF object from the
 * bytes, verify it, and run every one that passes on a fake probe hit
 * (decision 5 of the map: the emulator cannot crash the tracer).
 *
 * Owns: the byte -> DIFO decoding below, nothing of the emulator.
 * Must not: call the kernel; the hit reads "target memory" from a small
 * fake window.
 * Invariant: dif_verify is the only gate. Whatever it accepts must run to
 * a result or a fault under the given limits; a crash, a leak, an
 * ASan/UBSan report or a hang there is a bug in src/dif/ (either the
 * verifier let through what the emulator cannot take, or the emulator
 * trusted data it must check). Immediates are mostly folded into range
 * so most programs verify; a flag bit keeps the raw value so the
 * verifier's refusals are exercised too.
 *
 * Layout: 8 header bytes (ntext, nint, nstr, nrec, nvars, strsize,
 * scratch, flags), then per variable 3 bytes, per record 3 bytes, the
 * integer table (8 bytes each), the string table, then 8 bytes per
 * instruction; missing bytes read as 0.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dif/emu.h"
#include "udtrace/regs.h"

typedef struct rd { const uint8_t *p; size_t n, at; } rd_t;

static uint8_t u8(rd_t *r) { return r->at < r->n ? r->p[r->at++] : 0; }
static uint32_t u32(rd_t *r)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++)
		v |= (uint32_t)u8(r) << (8 * i);
	return v;
}
static uint64_t u64(rd_t *r) { uint64_t lo = u32(r); return lo | (uint64_t)u32(r) << 32; }

static uint8_t window[4096];

static int fake_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	(void)arg;
	if (addr < 0x10000 || len > sizeof(window) ||
	    addr - 0x10000 > sizeof(window) - len)
		return -1;
	memcpy(buf, window + (addr - 0x10000), len);
	return 0;
}

static uint64_t fake_spec(void *arg) { (void)arg; return 1; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	rd_t r = { data, size, 0 };
	size_t ntext = 1 + u8(&r) % 64, nint = u8(&r) % 8, nstr = u8(&r) % 64;
	size_t nrec = u8(&r) % 8, nvars = u8(&r) % 8;
	size_t strsize = 2 + u8(&r) % 254;
	size_t scratch = 16 + (size_t)u8(&r) * 16;
	uint8_t flags = u8(&r);

	dif_var_t vars[8];
	for (size_t i = 0; i < nvars; i++) {
		uint8_t a = u8(&r), b = u8(&r), c = u8(&r);
		vars[i].id = DIF_VAR_USER_BASE + (uint32_t)i;
		vars[i].scope = a % 3;
		vars[i].flags = b & 7;
		if (vars[i].flags & DIF_VF_STRING)
			vars[i].flags |= DIF_VF_BYREF;
		vars[i].size = (vars[i].flags & DIF_VF_STRING) ? (uint32_t)strsize :
		    (vars[i].flags & DIF_VF_BYREF) ? 1u + c : 8u;
		vars[i].name = "v";
	}
	dif_rec_t rec[8];
	for (size_t i = 0; i < nrec; i++) {
		uint8_t a = u8(&r), b = u8(&r), c = u8(&r);
		rec[i].kind = a % 4;
		rec[i].spec = 0;
		static const uint32_t isz[] = { 0, 1, 2, 4, 8 };
		switch (rec[i].kind) {
		case DIF_REC_INT: rec[i].size = isz[b % 5]; break;
		case DIF_REC_STRING: rec[i].size = (uint32_t)strsize; break;
		case DIF_REC_BYREF: rec[i].size = 1u + b + c; break;
		default: rec[i].size = 16u + (b % 8) * 8u + (c & 1 ? (uint32_t)strsize : 0); break;
		}
		if (flags & 0x80)     /* raw sizes now and then */
			rec[i].size = (uint32_t)b | (uint32_t)c << 8;
	}
	uint64_t inttab[8];
	for (size_t i = 0; i < nint; i++)
		inttab[i] = u64(&r);
	char strtab[64];
	for (size_t i = 0; i < nstr; i++)
		strtab[i] = (char)u8(&r);
	if (nstr > 0 && !(flags & 0x40))
		strtab[nstr - 1] = 0;    /* as the compiler leaves it, mostly */

	dif_instr_t text[64];
	uint16_t action_of[64];
	for (size_t pc = 0; pc < ntext; pc++) {
		dif_instr_t *in = &text[pc];
		uint8_t op = u8(&r), regs = u8(&r), r2 = u8(&r), raw = u8(&r);
		uint32_t imm = u32(&r);
		in->op = op % DIF_NOPS;
		in->rd = regs & 15;
		in->r1 = regs >> 4;
		in->r2 = r2 & 15;
		if (!(raw & 0x80)) {
			switch (in->op) {
			case DIF_BA: case DIF_BZ: case DIF_BNZ:
				in->imm = (uint32_t)(pc + 1 + imm % (ntext - pc));
				break;
			case DIF_SETX: in->imm = nint ? imm % nint : 0; break;
			case DIF_SETS: in->imm = nstr ? imm % nstr : 0; break;
			case DIF_REC: case DIF_AGG: in->imm = nrec ? imm % nrec : 0; break;
			case DIF_LDGS:
				if (raw & 1) {
					in->imm = DIF_VAR_ARG0 + imm % (DIF_VAR_BUILTIN_MAX - DIF_VAR_ARG0);
					break;
				}
				/* FALLTHROUGH */
			case DIF_STGS: case DIF_LDTS: case DIF_STTS: case DIF_LDLS:
			case DIF_STLS: case DIF_LDGAA: case DIF_STGAA: case DIF_LDTAA:
			case DIF_STTAA:
				in->imm = DIF_VAR_USER_BASE + (nvars ? imm % nvars : 0);
				break;
			case DIF_LDGA: in->imm = (imm & 1) ? DIF_VAR_UREGS : DIF_VAR_ARGS; break;
			case DIF_CALL: in->imm = 1 + imm % (DIF_SUBR_MAX - 1); break;
			case DIF_PUSHTR: in->imm = imm & 1; break;
			default: in->imm = imm & 0xff; break;
			}
		} else {
			in->imm = imm;
		}
		action_of[pc] = 1;
	}
	if (!(flags & 0x20))
		text[ntext - 1] = (dif_instr_t){ DIF_RET, 0, (uint8_t)(flags & 15), 0, 0 };

	difo_t d = { text, ntext, nint ? inttab : NULL, nint, nstr ? strtab : NULL, nstr,
	    action_of, nrec ? rec : NULL, nrec };
	char why[256];
	if (dif_verify(&d, nvars, why, sizeof(why)) != 0)
		return 0;

	dif_limits_t lim = { strsize, scratch, 4096, 1024 };
	dif_state_t *st = dif_state_create(vars, nvars, &lim);
	if (st == NULL)
		return 0;
	for (size_t i = 0; i < sizeof(window); i++)
		window[i] = (uint8_t)(i * 7 + (i >> 3));
	window[sizeof(window) - 1] = 0;
	uint64_t uregs[R_TRAPNO + 2], ustack[4] = { 0x401000, 0x401100, 0x401200, 0 };
	for (size_t i = 0; i < sizeof(uregs) / sizeof(uregs[0]); i++)
		uregs[i] = 0x10000 + i * 16;
	dif_hit_t hit;
	memset(&hit, 0, sizeof(hit));
	hit.probe_id = 1; hit.epid = 1;
	hit.prov = "pid42"; hit.mod = "a.out"; hit.func = "main"; hit.name = "entry";
	for (int i = 0; i < 10; i++)
		hit.args[i] = i < 5 ? 0x10000 + (uint64_t)i * 64 : (uint64_t)-i;
	hit.pid = 42; hit.ppid = 1; hit.tid = 43; hit.cpu = 0;
	hit.execname = "fuzz";
	hit.timestamp = 1000; hit.vtimestamp = 10; hit.walltimestamp = 1;
	hit.ucaller = 0x401000; hit.ustackdepth = 3;
	hit.uregs = uregs; hit.nuregs = sizeof(uregs) / sizeof(uregs[0]);
	hit.ustack = ustack; hit.nustack = 3;
	hit.speculation = fake_spec;
	hit.read_mem = fake_read;

	for (int round = 0; round < 2; round++) {
		dif_result_t res;
		dif_firing_begin(st, &hit);
		dif_clause_begin(st);
		dif_exec(st, &hit, &d, &res);
		size_t len;
		const uint8_t *recs = dif_records(st, &len);
		volatile uint8_t sink = 0;
		for (size_t i = 0; recs != NULL && i < len; i++)
			sink ^= recs[i];
		(void)sink;
		hit.tid++;
	}
	dif_take_dynvar_drops(st);
	dif_take_rec_drops(st);
	dif_state_destroy(st);
	return 0;
}
