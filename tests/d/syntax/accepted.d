/* proves: accepted syntax compiles and evaluates: pragmas, inline, typedef, precedence, ^^, ?:, casts, char constants, escapes, if/else, macros */
/* args: arg1 */
#!/usr/sbin/dtrace -s
#pragma D option quiet
#pragma ident "anything"
#pragma GCC unknown pragmas are ignored

inline int SIX = 2 * 3;
typedef unsigned char byte_t;
int g;		// a C++ comment is accepted too

BEGIN,
END
/1 + 2 * 3 == 7 && (SIX ^^ 0) && g == 0/
{
	printf("%d %d %d %d\n", 7 / 2, 1 << 4 | 1, 10 - 2 - 3, 0x10 + 010);
	printf("%d %d %d\n", 'A', 'ab', '\n');
	printf("%s|%s|%s\n", "t\tab", "\q", "\101\x42");
	printf("%d %d\n", (byte_t)257, sizeof (int));
	x = 5; x += 2; x++;;
	printf("%d\n", x > 7 ? 1 : 0);
	if (x == 8) {
		printf("eight\n");
	} else
		printf("other\n");
	printf("%s %s\n", $$0, $$1);
	exit(0)
}
