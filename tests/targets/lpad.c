/*
 * lpad.c — code entered other than by a direct branch, right after a
 * probe-able instruction: padfn's `xor %eax,%eax; je out` (4 bytes, at
 * padfn+3) is followed at once by an exception landing pad (its LSDA in
 * .gcc_except_table, C's personality), which pthread_exit's forced
 * unwinding enters when the callee padfn called ends its thread;
 * takefn's `add $1,%rax` (4 bytes, at takefn+3) is followed by the label
 * .Ltaken_in, whose address jumper() takes with a RIP-relative lea and
 * jumps to. A 5-byte jump over either window would be entered in its
 * middle and kill the program.
 * Prints "pad ran 1" (a thread unwound through padfn), "normal 1000"
 * (padfn returned normally 1000 times), "taken 1000" (jumper entered
 * takefn's window 1000 times), "direct 1000".
 * build: -g -O2 -pthread
 */
/* build: -g -O2 -pthread -Wl,--no-as-needed -lgcc_s */
#include <pthread.h>
#include <stdio.h>

long padfn(void (*cb)(void));
long takefn(long x);
long jumper(long x);
void pad_ran(void);

static int pads;

/* called from padfn's landing pad: the unwinding passes through it */
void pad_ran(void)
{
	pads++;
}

__asm__(
	".text\n"
	".globl padfn\n"
	
	".type padfn, @function\n"
	"padfn:\n"
	".cfi_startproc\n"
	".cfi_personality 0x9b, lpad_personality_ref\n"
	".cfi_lsda 0x1b, .Llsda_padfn\n"
	"	push %rbx\n"
	".cfi_def_cfa_offset 16\n"
	".cfi_offset %rbx, -16\n"
	".Lcs_begin:\n"
	"	call *%rdi\n"
	".Lcs_end:\n"
	".Lpadfn_site:\n"
	"	xor %eax, %eax\n"
	"	je .Lout\n"
	".Lpad:\n"
	"	mov %rax, %rbx\n"
	"	call pad_ran\n"
	"	mov %rbx, %rdi\n"
	"	call _Unwind_Resume@PLT\n"
	".Lout:\n"
	"	mov $1, %eax\n"
	"	pop %rbx\n"
	".cfi_def_cfa_offset 8\n"
	"	ret\n"
	".cfi_endproc\n"
	".size padfn, .-padfn\n"
	".section .gcc_except_table,\"a\",@progbits\n"
	".Llsda_padfn:\n"
	"	.byte 0xff\n"        /* landing pads relative to padfn */
	"	.byte 0xff\n"        /* no type table */
	"	.byte 0x1\n"         /* call sites in uleb128 */
	"	.uleb128 .Lcs_tab_end - .Lcs_tab\n"
	".Lcs_tab:\n"
	"	.uleb128 .Lcs_begin - padfn\n"
	"	.uleb128 .Lcs_end - .Lcs_begin\n"
	"	.uleb128 .Lpad - padfn\n"
	"	.uleb128 0\n"        /* a cleanup */
	".Lcs_tab_end:\n"
	".section .data.rel.local.lpad_personality_ref,\"aw\",@progbits\n"
	".align 8\n"
	".hidden lpad_personality_ref\n"
	"lpad_personality_ref:\n"
	"	.quad __gcc_personality_v0\n"
	".text\n"
	".globl takefn\n"
	
	".type takefn, @function\n"
	"takefn:\n"
	"	mov %rdi, %rax\n"
	".Ltakefn_site:\n"
	"	add $1, %rax\n"      /* 4 bytes */
	".Ltaken_in:\n"
	"	add $2, %rax\n"      /* entered here by jumper() */
	"	ret\n"
	".size takefn, .-takefn\n"
	".globl jumper\n"
	".type jumper, @function\n"
	"jumper:\n"
	"	mov %rdi, %rax\n"
	"	lea .Ltaken_in(%rip), %rdx\n"
	"	jmp *%rdx\n"
	".size jumper, .-jumper\n");

static void exiter(void)
{
	pthread_exit(NULL);
}

static void returner(void)
{
}

static void *unwound(void *arg)
{
	(void)arg;
	padfn(exiter);
	return (void *)1;   /* never: padfn's callee ends the thread */
}

int main(void)
{
	pthread_t t;
	void *r;
	long normal = 0, taken = 0, direct = 0;

	pthread_create(&t, NULL, unwound, NULL);
	pthread_join(t, &r);
	printf("pad ran %d%s\n", pads, r == NULL ? "" : " (thread returned)");
	for (int i = 0; i < 1000; i++) {
		normal += padfn(returner);
		taken += jumper(i) == i + 2;
		direct += takefn(i) == i + 3;
	}
	printf("normal %ld\ntaken %ld\ndirect %ld\n", normal, taken, direct);
	return 0;
}
