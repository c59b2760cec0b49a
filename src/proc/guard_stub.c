/*
 * guard_stub.c — the machine code of the SIGTRAP handler that guard.c
 * copies into a target (x86-64, position independent, no libc).
 *
 * Owns: the bytes between udt_guard_stub_start and udt_guard_stub_end:
 * the handler, the sa_restorer it returns through, and two data words
 * guard.c fills in (the table's address, the path it opens).
 * Must not: be executed in udtrace (it lives in .rodata: it is data
 * here), refer to anything outside its own bytes except by the table
 * pointer, touch memory other than its own stack, the table and the
 * one byte it restores, or use the red zone (a signal frame sits below it).
 * Invariant: the handler only ever runs when no tracer intercepted the
 * SIGTRAP: while udtrace is attached every SIGTRAP stops the thread
 * first, and udtrace suppresses its own. So a SIGTRAP with si_code
 * SI_KERNEL whose pc-1 is a live byte of the table is an int3 of a dead
 * udtrace's: put the program's byte back (through /proc/self/mem, or
 * mprotect+store if that cannot be opened) and resume at that address.
 * A pc inside a listed scratch area means udtrace died after moving the
 * thread to an out-of-line slot: resume there. si_code GUARD_SI_TAKEN
 * (guard.h) means udtrace had taken the trap of the int3 at si_addr and
 * died before resuming the thread: still at si_addr + 1, it is rewound
 * as above (the byte restored if its entry is live); anywhere else,
 * udtrace had already moved it past the instruction: resume there.
 * Anything else is the program's own SIGTRAP: call its handler, drop it
 * if it was ignored and not a trap, or restore the default action and
 * raise it again so the process ends as it would have.
 *
 * Table layout (guard.h): at +16 the program's kernel sigaction
 * {handler, flags, restorer, mask}; entries from +128, 16 bytes each:
 * u64 addr, u32 size, u8 orig, u8 kind (0 dead, 1 patched byte, 2
 * scratch area), u16 0; the first entry with addr 0 ends the table.
 * The ucontext offset 168 is uc_mcontext.gregs[REG_RIP]; guard.c checks
 * it at compile time.
 */

__asm__(
	".pushsection .rodata\n"
	".balign 64\n"
	".globl udt_guard_stub_start\n"
	".globl udt_guard_restorer\n"
	".globl udt_guard_table_slot\n"
	".globl udt_guard_stub_end\n"
	"udt_guard_stub_start:\n"
	"	pushq %rbx\n"
	"	pushq %rbp\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	movl %edi, %r12d\n"              /* signal number */
	"	movq %rsi, %r13\n"               /* siginfo */
	"	movq %rdx, %r14\n"               /* ucontext */
	"	movq .Lg_table(%rip), %rbx\n"
	"	cmpl $0x7564, 8(%r13)\n"         /* GUARD_SI_TAKEN: see .Lg_taken */
	"	je .Lg_taken\n"
	"	cmpl $0x80, 8(%r13)\n"           /* si_code == SI_KERNEL: a trap */
	"	jne .Lg_chain\n"
	"	movq 168(%r14), %rax\n"          /* pc after the int3 */
	"	leaq -1(%rax), %rbp\n"
	"	leaq 128(%rbx), %r15\n"
	"	movl $1048576, %ecx\n"
	".Lg_scan:\n"
	"	cmpq $0, (%r15)\n"
	"	je .Lg_chain\n"
	"	movzbl 13(%r15), %edx\n"
	"	cmpl $1, %edx\n"
	"	jne .Lg_area\n"
	"	cmpq %rbp, (%r15)\n"
	"	jne .Lg_next\n"
	"	cmpb $0xcc, 12(%r15)\n"          /* the program's own int3 was there */
	"	je .Lg_chain\n"
	"	jmp .Lg_restore\n"
	".Lg_area:\n"
	"	cmpl $2, %edx\n"
	"	jne .Lg_next\n"
	"	movq (%r15), %rdx\n"
	"	cmpq %rdx, %rax\n"
	"	jb .Lg_next\n"
	"	movl 8(%r15), %r8d\n"
	"	addq %r8, %rdx\n"
	"	cmpq %rdx, %rax\n"
	"	jb .Lg_done\n"                   /* in one of our slots: run it */
	".Lg_next:\n"
	"	addq $16, %r15\n"
	"	decl %ecx\n"
	"	jnz .Lg_scan\n"
	"	jmp .Lg_chain\n"
	".Lg_taken:\n"
	"	movq 168(%r14), %rax\n"          /* pc */
	"	movq 16(%r13), %rbp\n"           /* si_addr: the int3 udtrace took */
	"	leaq 1(%rbp), %rdx\n"
	"	cmpq %rdx, %rax\n"
	"	jne .Lg_done\n"                  /* moved already: run on from there */
	"	leaq 128(%rbx), %r15\n"
	"	movl $1048576, %ecx\n"
	".Lg_tscan:\n"
	"	cmpq $0, (%r15)\n"
	"	je .Lg_resume\n"                /* no live entry: the byte is the program's */
	"	cmpb $1, 13(%r15)\n"
	"	jne .Lg_tnext\n"
	"	cmpq %rbp, (%r15)\n"
	"	je .Lg_restore\n"
	".Lg_tnext:\n"
	"	addq $16, %r15\n"
	"	decl %ecx\n"
	"	jnz .Lg_tscan\n"
	"	jmp .Lg_resume\n"
	".Lg_restore:\n"
	"	movl $2, %eax\n"                 /* open(/proc/self/mem, O_RDWR|O_CLOEXEC) */
	"	leaq .Lg_path(%rip), %rdi\n"
	"	movl $0x80002, %esi\n"
	"	xorl %edx, %edx\n"
	"	syscall\n"
	"	testq %rax, %rax\n"
	"	js .Lg_protect\n"
	"	movq %rax, %r12\n"
	"	movl %r12d, %edi\n"
	"	leaq 12(%r15), %rsi\n"
	"	movl $1, %edx\n"
	"	movq %rbp, %r10\n"
	"	movl $18, %eax\n"                /* pwrite64(fd, &orig, 1, addr) */
	"	syscall\n"
	"	movq %rax, %r13\n"
	"	movl %r12d, %edi\n"
	"	movl $3, %eax\n"                 /* close */
	"	syscall\n"
	"	cmpq $1, %r13\n"
	"	je .Lg_resume\n"
	".Lg_protect:\n"
	"	movq %rbp, %rdi\n"
	"	andq $-4096, %rdi\n"
	"	movl $4096, %esi\n"
	"	movl $7, %edx\n"                 /* mprotect rwx */
	"	movl $10, %eax\n"
	"	syscall\n"
	"	testq %rax, %rax\n"
	"	jnz .Lg_die\n"
	"	movb 12(%r15), %dl\n"
	"	movb %dl, (%rbp)\n"
	"	movq %rbp, %rdi\n"
	"	andq $-4096, %rdi\n"
	"	movl $4096, %esi\n"
	"	movl $5, %edx\n"                 /* back to r-x */
	"	movl $10, %eax\n"
	"	syscall\n"
	".Lg_resume:\n"
	"	movq %rbp, 168(%r14)\n"
	"	jmp .Lg_done\n"
	".Lg_chain:\n"
	"	movq 16(%rbx), %rax\n"           /* the program's own action */
	"	cmpq $1, %rax\n"
	"	je .Lg_ignored\n"
	"	testq %rax, %rax\n"
	"	jz .Lg_die\n"
	"	movl %r12d, %edi\n"
	"	movq %r13, %rsi\n"
	"	movq %r14, %rdx\n"
	"	movq %rsp, %r15\n"
	"	andq $-16, %rsp\n"
	"	call *%rax\n"
	"	movq %r15, %rsp\n"
	"	jmp .Lg_done\n"
	".Lg_ignored:\n"
	"	cmpl $0x80, 8(%r13)\n"           /* a sent SIGTRAP is ignored; a trap never is */
	"	jne .Lg_done\n"
	".Lg_die:\n"
	"	subq $32, %rsp\n"                /* rt_sigaction(SIGTRAP, {SIG_DFL}, 0, 8) */
	"	xorl %eax, %eax\n"
	"	movq %rax, (%rsp)\n"
	"	movq %rax, 8(%rsp)\n"
	"	movq %rax, 16(%rsp)\n"
	"	movq %rax, 24(%rsp)\n"
	"	movl $5, %edi\n"
	"	movq %rsp, %rsi\n"
	"	xorl %edx, %edx\n"
	"	movl $8, %r10d\n"
	"	movl $13, %eax\n"
	"	syscall\n"
	"	addq $32, %rsp\n"
	"	movl $39, %eax\n"                /* getpid */
	"	syscall\n"
	"	movq %rax, %r12\n"
	"	movl $186, %eax\n"               /* gettid */
	"	syscall\n"
	"	movl %eax, %esi\n"
	"	movl %r12d, %edi\n"
	"	movl $5, %edx\n"
	"	movl $234, %eax\n"               /* tgkill: delivered once we return */
	"	syscall\n"
	".Lg_done:\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbp\n"
	"	popq %rbx\n"
	"	ret\n"
	"udt_guard_restorer:\n"
	"	movl $15, %eax\n"                /* rt_sigreturn */
	"	syscall\n"
	"	hlt\n"
	".balign 8\n"
	"udt_guard_table_slot:\n"
	".Lg_table:\n"
	"	.quad 0\n"
	".Lg_path:\n"
	"	.asciz \"/proc/self/mem\"\n"
	"udt_guard_stub_end:\n"
	".popsection\n");
