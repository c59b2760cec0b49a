/*
 * usdtbadspec.c — a USDT note udtrace cannot use: besides an ordinary
 * probe badspec:::good(42) (from <sys/sdt.h>), main holds a probe site
 * badspec:::weird whose note, written by hand in inline assembly, gives
 * the argument specs "-4@%eax 8@[rbx+8]" — the second is not AT&T
 * syntax, so no x86-64 consumer can read it. Tests expect udtrace to name
 * the probe and the spec, and to handle the good probe normally.
 * build: -g -O2 (default)
 *
 * Untraced output, exit status 0:
 *   badspec done
 */
#include <stdio.h>
#include <sys/sdt.h>

/*
 * One stapsdt note: namesz 8 ("stapsdt"), descsz, type 3; the descriptor
 * holds the site address, the address of _.stapsdt.base (defined by the
 * <sys/sdt.h> probe in this file, so prelink-style adjustment works as
 * for any other note), no semaphore, then provider, name and arguments.
 */
#define BAD_NOTE(label, prov, name, args)                                   \
	".pushsection .note.stapsdt,\"\",\"note\"\n"                        \
	".balign 4\n"                                                        \
	".4byte 2f-1f, 4f-3f, 3\n"                                           \
	"1: .asciz \"stapsdt\"\n"                                            \
	"2: .balign 4\n"                                                     \
	"3: .8byte " label "\n"                                              \
	".8byte _.stapsdt.base\n"                                            \
	".8byte 0\n"                                                         \
	".asciz \"" prov "\"\n"                                              \
	".asciz \"" name "\"\n"                                              \
	".asciz \"" args "\"\n"                                              \
	"4: .balign 4\n"                                                     \
	".popsection\n"

int main(void)
{
	STAP_PROBE1(badspec, good, 42);
	__asm__ __volatile__("990: nop\n"
	    BAD_NOTE("990b", "badspec", "weird", "-4@%eax 8@[rbx+8]"));
	printf("badspec done\n");
	return 0;
}
