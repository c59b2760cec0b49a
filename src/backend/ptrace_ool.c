/*
 * ptrace_ool.c — how a thread gets past an int3 without the breakpoint
 * ever being lifted (decision 3 of the map): a plain instruction runs
 * relocated in an out-of-line slot of scratch memory followed by a jump
 * back, and so does a ret (it goes where the stack says wherever it
 * runs: no memory read by the tracer, and a thread moved into a slot
 * needs no mark for the SIGTRAP guard); a branch is emulated here, in
 * the tracer, from the registers.
 *
 * Owns: slot layout, branch emulation, mapping a pc in a slot back to the
 * original code. Must not: wait for or resume threads (ptrace.c does).
 * Invariant: a slot holds exactly two instructions (the relocated one, then
 * one jmp), so a thread stopped in a slot is at its start (the displaced
 * instruction has not run) or at the jmp (it has) — nothing in between;
 * a ret's slot never reaches its jmp.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "backend/ptrace_impl.h"

pt_bp_t *pt_bp_find(pt_proc_t *pp, uint64_t addr)
{
	pt_bp_t *bp;

	if (!pp->nbph)
		return NULL;
	for (bp = pp->bph[(addr ^ (addr >> 12)) & (pp->nbph - 1)]; bp; bp = bp->hnext)
		if (bp->addr == addr)
			return bp;
	return NULL;
}

int pt_ool_slotted(const udt_insn_t *in)
{
	return in->kind == INSN_PLAIN || in->kind == INSN_RET;
}

int pt_ool_slot(pt_backend_t *b, pt_proc_t *pp, pt_bp_t *bp, pid_t tid)
{
	uint8_t code[PT_SLOT_SIZE];
	size_t ilen = 0, n;
	uint64_t slot, back = bp->addr + bp->insn.len;
	int64_t rel;

	slot = proc_scratch(pp->p, tid, bp->addr, PT_SLOT_SIZE);
	if (!slot) {
		snprintf(b->err, sizeof b->err,
		    "cannot map scratch memory in pid %d", (int)pp->pid);
		return -1;
	}
	if (bp->insn.kind == INSN_RET && bp->insn.len <= 16) {
		memcpy(code, bp->insn.bytes, bp->insn.len);   /* runs anywhere */
		ilen = bp->insn.len;
	} else if (insn_relocate(&bp->insn, slot, code, &ilen) < 0 || ilen > 16) {
		snprintf(b->err, sizeof b->err,
		    "cannot relocate instruction at 0x%llx in pid %d",
		    (unsigned long long)bp->addr, (int)pp->pid);
		return -1;
	}
	n = ilen;
	rel = (int64_t)(back - (slot + ilen + 5));
	if (rel >= INT32_MIN && rel <= INT32_MAX) {
		int32_t r32 = (int32_t)rel;
		code[n++] = 0xe9;
		memcpy(code + n, &r32, 4);
		n += 4;
	} else {
		static const uint8_t jmpabs[6] = { 0xff, 0x25, 0, 0, 0, 0 };
		memcpy(code + n, jmpabs, 6);
		n += 6;
		memcpy(code + n, &back, 8);
		n += 8;
	}
	if (proc_write(pp->p, slot, code, n) < 0) {
		snprintf(b->err, sizeof b->err,
		    "cannot write scratch memory in pid %d", (int)pp->pid);
		return -1;
	}
	bp->slot = slot;
	bp->slot_ilen = (uint8_t)ilen;
	return 0;
}

/* user_regs_struct is laid out in R_* order (regs.h). */
static uint64_t reg(const struct user_regs_struct *r, int i)
{
	return ((const unsigned long long *)r)[i];
}

static int cond(uint64_t fl, int cc)
{
	int cf = fl & 1, pf = (fl >> 2) & 1, zf = (fl >> 6) & 1,
	    sf = (fl >> 7) & 1, of = (fl >> 11) & 1, v;

	switch (cc >> 1) {
	case 0: v = of; break;
	case 1: v = cf; break;
	case 2: v = zf; break;
	case 3: v = cf | zf; break;
	case 4: v = sf; break;
	case 5: v = pf; break;
	case 6: v = sf != of; break;
	default: v = zf | (sf != of); break;
	}
	return v ^ (cc & 1);
}

static int operand(pt_proc_t *pp, const pt_bp_t *bp,
    const struct user_regs_struct *r, uint64_t *val)
{
	const insn_operand_t *op = &bp->insn.op;
	uint64_t a = 0;

	if (!op->is_mem) {
		if (op->reg < 0 || op->reg >= R_TRAPNO)
			return -1;
		*val = reg(r, op->reg);
		return 0;
	}
	if (op->base == R_RIP)
		a = bp->addr + bp->insn.len;
	else if (op->base >= 0 && op->base < R_TRAPNO)
		a = reg(r, op->base);
	if (op->index >= 0 && op->index < R_TRAPNO)
		a += reg(r, op->index) * (uint64_t)(op->scale ? op->scale : 1);
	a += (uint64_t)op->disp;
	if (op->seg_fs)
		a += r->fs_base;
	if (op->seg_gs)
		a += r->gs_base;
	return proc_read(pp->p, a, val, 8);
}

static int push(pt_proc_t *pp, struct user_regs_struct *r, uint64_t v)
{
	if (proc_write(pp->p, r->rsp - 8, &v, 8) < 0)
		return -1;
	r->rsp -= 8;
	return 0;
}

int pt_ool_step(pt_proc_t *pp, const pt_bp_t *bp, struct user_regs_struct *r)
{
	const udt_insn_t *in = &bp->insn;
	uint64_t next = bp->addr + in->len, v;

	switch (in->kind) {
	case INSN_PLAIN:
		if (!bp->slot)
			return -1;
		r->rip = bp->slot;
		return 0;
	case INSN_RET:
		if (bp->slot) {
			r->rip = bp->slot;
			return 0;
		}
		if (proc_read(pp->p, r->rsp, &v, 8) < 0)
			return -1;
		r->rip = v;
		r->rsp += 8 + in->ret_pop;
		return 0;
	case INSN_CALL_REL:
		if (push(pp, r, next) < 0)
			return -1;
		r->rip = in->target;
		return 0;
	case INSN_JMP_REL:
		r->rip = in->target;
		return 0;
	case INSN_JCC_REL:
		r->rip = cond(r->eflags, in->cc) ? in->target : next;
		return 0;
	case INSN_CALL_IND:
		if (operand(pp, bp, r, &v) < 0 || push(pp, r, next) < 0)
			return -1;
		r->rip = v;
		return 0;
	case INSN_JMP_IND:
		if (operand(pp, bp, r, &v) < 0)
			return -1;
		r->rip = v;
		return 0;
	case INSN_LOOP: {
		int zf = (r->eflags >> 6) & 1, take;

		switch (in->cc) {
		case 0: r->rcx--; take = r->rcx != 0 && !zf; break;
		case 1: r->rcx--; take = r->rcx != 0 && zf; break;
		case 2: r->rcx--; take = r->rcx != 0; break;
		case 3: take = r->rcx == 0; break;
		default: take = (uint32_t)r->rcx == 0; break;
		}
		r->rip = take ? in->target : next;
		return 0;
	}
	default:
		return -1;
	}
}

uint64_t pt_ool_unslot(pt_proc_t *pp, uint64_t pc)
{
	pt_bp_t *bp;

	if (!proc_in_scratch(pp->p, pc))
		return pc;
	for (bp = pp->bplist; bp; bp = bp->lnext) {
		if (!bp->slot || pc < bp->slot || pc >= bp->slot + PT_SLOT_SIZE)
			continue;
		if (pc == bp->slot)
			return bp->addr;
		return bp->addr + bp->insn.len;
	}
	return pc;
}
