/*
 * usdtargs.c — USDT argument decoding: probes written with <sys/sdt.h>'s
 * STAP_PROBEn directly (no provider .d, no semaphores) whose note specs
 * cover every width and signedness, negative values, constants, partial
 * registers and memory operands. main is built -O2, so constants appear
 * as specs like 1@$-56 (unsigned char 200 written as a signed byte: only
 * the width makes it 200) and an array element indexed by a variable as
 * -4@8(%rdx,%rax,4); in_frame() is built -O0, so its locals are passed as
 * frame slots like -8@-24(%rbp); in_regs() gets its values in argument
 * registers (-1@%dil, -2@%si, ...). Tests check the note really holds each
 * kind of operand before trusting the values.
 * build: -g -O2 (default)
 *
 * Probes (provider usdtargs):
 *   main: signed(c, s, i, l)  char -5, short -300, int -70000, long -5000000000
 *   main: unsigned(uc, us, ui, ul)  200, 65000, 4000000000, 0xfedcba9876543210
 *   main: consts(a, b)        constants 5 and -7
 *   main: record(id, val, k)  rec.id = 123456789012 (struct field), rec.vals[k]
 *                             for k = 0..3 (-1, 22, -333, 4444), k; fires 4 times
 *   main: twelve(1..12)       twelve longs 1, -2, 3, ..., -12
 *   in_frame: frame-signed(c, s, i, l)      as signed, from the frame
 *   in_frame: frame-unsigned(uc, us, ui, ul) as unsigned, from the frame
 *   in_regs: regs(c, s, i, l, uc, us)  -5, -300, -70000, -5000000000, 200,
 *                             65000, from argument registers
 *
 * Untraced output, exit status 0:
 *   usdtargs done
 */
#include <stdio.h>
#include <sys/sdt.h>

struct rec {
	long id;
	int vals[4];
};

static __attribute__((noinline, noipa, optimize("O0"))) void in_frame(void)
{
	signed char c = -5;
	short s = -300;
	int i = -70000;
	long l = -5000000000L;
	unsigned char uc = 200;
	unsigned short us = 65000;
	unsigned int ui = 4000000000U;
	unsigned long ul = 0xfedcba9876543210UL;

	STAP_PROBE4(usdtargs, frame__signed, c, s, i, l);
	STAP_PROBE4(usdtargs, frame__unsigned, uc, us, ui, ul);
}

static __attribute__((noinline, noipa)) void in_regs(signed char c, short s,
    int i, long l, unsigned char uc, unsigned short us)
{
	STAP_PROBE6(usdtargs, regs, c, s, i, l, uc, us);
}

int main(void)
{
	signed char c = -5;
	short s = -300;
	int i = -70000;
	long l = -5000000000L;
	unsigned char uc = 200;
	unsigned short us = 65000;
	unsigned int ui = 4000000000U;
	unsigned long ul = 0xfedcba9876543210UL;
	struct rec rec = { 123456789012L, { -1, 22, -333, 4444 } };

	STAP_PROBE4(usdtargs, signed, c, s, i, l);
	STAP_PROBE4(usdtargs, unsigned, uc, us, ui, ul);
	STAP_PROBE2(usdtargs, consts, 5, -7);
	for (int k = 0; k < 4; k++)
		STAP_PROBE3(usdtargs, record, rec.id, rec.vals[k], k);
	STAP_PROBE12(usdtargs, twelve, 1L, -2L, 3L, -4L, 5L, -6L, 7L, -8L,
	    9L, -10L, 11L, -12L);
	in_frame();
	in_regs(c, s, i, l, uc, us);
	printf("usdtargs done\n");
	return 0;
}
