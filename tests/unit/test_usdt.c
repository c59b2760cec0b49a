/*
 * test_usdt.c — src/usdt/: stapsdt notes of real objects (php8.2 and
 * postgres when installed, and a <sys/sdt.h> program compiled here at run
 * time), each cross-checked against `readelf -n`; the .stapsdt.base
 * adjustment on a copy whose recorded base was moved; corrupt, truncated
 * and garbled copies (an error naming the object, never a crash); the
 * quick provider read (usdt_note_providers) naming the same providers
 * as the full one, or refusing, on all of those; every
 * argument form parsed and evaluated against fake registers and memory;
 * and the -h header text.
 * Must not: depend on tools being present — steps needing gcc, readelf,
 * php or postgres say so and are skipped when one is missing.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "consumer/program.h"
#include "udtrace/regs.h"
#include "usdt/usdt.h"
#include "unit.h"

static char tmpdir[] = "/tmp/test_usdt.XXXXXX";

static int have(const char *path)
{
	return access(path, X_OK) == 0;
}

/* One note as readelf -n prints it. */
struct rnote {
	char prov[64], name[64], args[256];
	unsigned long long pc, base, sema;
};

/* Every stapsdt note of path per readelf -n; -1 if readelf cannot run. */
static int readelf_notes(const char *path, struct rnote **out)
{
	char cmd[512], line[1024];
	snprintf(cmd, sizeof(cmd), "readelf -n '%s' 2>/dev/null", path);
	FILE *fp = popen(cmd, "r");
	if (fp == NULL)
		return -1;
	int n = 0, cap = 0;
	struct rnote *v = NULL, *cur = NULL;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *s = line + strspn(line, " ");
		s[strcspn(s, "\n")] = '\0';
		if (strncmp(s, "stapsdt ", 8) == 0) {
			if (n == cap) {
				cap = cap ? cap * 2 : 32;
				v = realloc(v, sizeof(*v) * (size_t)cap);
			}
			cur = &v[n++];
			memset(cur, 0, sizeof(*cur));
		} else if (cur != NULL && strncmp(s, "Provider: ", 10) == 0) {
			snprintf(cur->prov, sizeof(cur->prov), "%s", s + 10);
		} else if (cur != NULL && strncmp(s, "Name: ", 6) == 0) {
			snprintf(cur->name, sizeof(cur->name), "%s", s + 6);
		} else if (cur != NULL && strncmp(s, "Location: ", 10) == 0) {
			sscanf(s, "Location: %llx, Base: %llx, Semaphore: %llx",
			    &cur->pc, &cur->base, &cur->sema);
		} else if (cur != NULL && strncmp(s, "Arguments: ", 11) == 0) {
			snprintf(cur->args, sizeof(cur->args), "%s", s + 11);
		}
	}
	int rc = pclose(fp);
	*out = v;
	return rc == 0 ? n : -1;
}

/*
 * usdt_note_providers (the quick read) names exactly the distinct
 * providers of the full read's notes, or cannot tell (-1); never a
 * different set.
 */
static void check_providers(const char *path)
{
	usdt_notes_t ns;
	char err[512], **p = NULL;
	size_t n = 0, distinct = 0;
	int full = usdt_notes_read(path, &ns, err, sizeof(err));
	int quick = usdt_note_providers(path, &p, &n);
	if (full != 0) {
		/* the full read refuses it: the quick one may not say "none" */
		CHECK(quick != 0 || n > 0);
	} else if (quick == 0) {
		for (size_t i = 0; i < ns.n; i++) {
			size_t k;
			for (k = 0; k < i; k++)
				if (strcmp(ns.notes[k].provider,
				    ns.notes[i].provider) == 0)
					break;
			if (k < i)
				continue;
			distinct++;
			for (k = 0; k < n; k++)
				if (strcmp(p[k], ns.notes[i].provider) == 0)
					break;
			CHECK(k < n);
		}
		CHECK_EQ_INT(n, distinct);
	}
	if (full == 0)
		usdt_notes_free(&ns);
	for (size_t k = 0; k < n; k++)
		free(p[k]);
	free(p);
}

/* Our notes of path equal readelf's (base not moved: pc as recorded). */
static void check_against_readelf(const char *path, int parse_all)
{
	usdt_notes_t ns;
	char err[512];
	struct rnote *r = NULL;
	int nr = readelf_notes(path, &r);
	if (nr < 0) {
		printf("test_usdt: readelf failed on %s, cross-check skipped\n", path);
		free(r);
		return;
	}
	check_providers(path);
	{
		char **p;
		size_t n;
		CHECK_EQ_INT(usdt_note_providers(path, &p, &n), 0);
		CHECK(nr == 0 || n > 0);
		for (size_t k = 0; k < n; k++)
			free(p[k]);
		free(p);
	}
	CHECK_EQ_INT(usdt_notes_read(path, &ns, err, sizeof(err)), 0);
	CHECK_EQ_INT(ns.n, nr);
	for (size_t i = 0; i < ns.n && (int)i < nr; i++) {
		const usdt_note_t *n = &ns.notes[i];
		CHECK_EQ_STR(n->provider, r[i].prov);
		CHECK_EQ_STR(n->name, r[i].name);
		CHECK_EQ_STR(n->args, r[i].args);
		CHECK_EQ_INT(n->pc, r[i].pc);
		CHECK_EQ_INT(n->sema, r[i].sema);
		if (parse_all) {
			usdt_arg_t a[USDT_MAXARGS];
			int na = usdt_args_parse(n, a, err, sizeof(err));
			if (na < 0)
				fprintf(stderr, "%s: %s\n", path, err);
			CHECK(na >= 0);
		}
	}
	usdt_notes_free(&ns);
	free(r);
}

static const usdt_note_t *find_note(const usdt_notes_t *ns, const char *prov,
    const char *name)
{
	for (size_t i = 0; i < ns->n; i++)
		if (strcmp(ns->notes[i].provider, prov) == 0 &&
		    strcmp(ns->notes[i].name, name) == 0)
			return &ns->notes[i];
	return NULL;
}

static void test_php(void)
{
	const char *php = "/usr/bin/php8.2";
	usdt_notes_t ns;
	char err[512];

	if (!have(php)) {
		printf("test_usdt: %s not installed, php notes skipped\n", php);
		return;
	}
	CHECK_EQ_INT(usdt_notes_read(php, &ns, err, sizeof(err)), 0);
	CHECK(ns.n >= 10);
	const usdt_note_t *n = find_note(&ns, "php", "request__startup");
	CHECK(n != NULL);
	if (n != NULL) {
		CHECK_EQ_STR(n->args, "8@%rax 8@%rdx 8@%rcx");
		CHECK(n->sema != 0);
		usdt_arg_t a[USDT_MAXARGS];
		CHECK_EQ_INT(usdt_args_parse(n, a, err, sizeof(err)), 3);
		CHECK_EQ_INT(a[0].kind, USDT_ARG_REG);
		CHECK_EQ_INT(a[0].reg, R_RAX);
		CHECK_EQ_INT(a[1].reg, R_RDX);
		CHECK_EQ_INT(a[2].reg, R_RCX);
		CHECK_EQ_INT(a[2].size, 8);
	}
	CHECK(find_note(&ns, "php", "function__entry") != NULL);
	CHECK(find_note(&ns, "php", "function__return") != NULL);
	usdt_notes_free(&ns);
	check_against_readelf(php, 1);
}

static void test_libpython(void)
{
	const char *lib = "/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0";
	if (access(lib, R_OK) != 0) {
		printf("test_usdt: %s not installed, libpython notes skipped\n", lib);
		return;
	}
	check_against_readelf(lib, 1);
}

static void test_postgres(void)
{
	const char *pg = "/usr/lib/postgresql/15/bin/postgres";
	usdt_notes_t ns;
	char err[512];

	if (!have(pg)) {
		printf("test_usdt: %s not installed, postgres notes skipped\n", pg);
		return;
	}
	CHECK_EQ_INT(usdt_notes_read(pg, &ns, err, sizeof(err)), 0);
	const usdt_note_t *n = find_note(&ns, "postgresql", "query__start");
	CHECK(n != NULL);
	if (n != NULL)
		CHECK(n->sema != 0);
	CHECK(find_note(&ns, "postgresql", "query__done") != NULL);
	usdt_notes_free(&ns);
	check_against_readelf(pg, 1);
}

/* A <sys/sdt.h> program, built here: notes, symbol operands, args. */
static const char *prog_src =
    "#include <sys/sdt.h>\n"
    "static long counter = 5;\n"
    "int g = 7;\n"
    "int main(int argc, char **argv) {\n"
    "	int x = argc - 10; long y = -argc * 1000000000000L;\n"
    "	short s = -argc; unsigned char uc = argc;\n"
    "	DTRACE_PROBE2(p, n__two, x, y);\n"
    "	DTRACE_PROBE3(p, m, counter, g, s);\n"
    "	DTRACE_PROBE4(p, k, uc, -5, argv[argc-1], 8);\n"
    "	DTRACE_PROBE(p, none);\n"
    "	counter++;\n"
    "	return 0;\n"
    "}\n";

static int build_prog(const char *flags, char *out, size_t outlen)
{
	char src[256], cmd[1024];
	snprintf(src, sizeof(src), "%s/prog.c", tmpdir);
	FILE *fp = fopen(src, "w");
	if (fp == NULL)
		return -1;
	fputs(prog_src, fp);
	fclose(fp);
	snprintf(out, outlen, "%s/prog%s", tmpdir, flags[1] == 'O' ? flags + 2 : "x");
	snprintf(cmd, sizeof(cmd), "gcc %s -o '%s' '%s' 2>/dev/null", flags, out, src);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_compiled(void)
{
	char bin[512], err[512];
	usdt_notes_t ns;

	if (build_prog(" -O2", bin, sizeof(bin)) != 0) {
		printf("test_usdt: gcc with <sys/sdt.h> unavailable, compiled notes skipped\n");
		return;
	}
	check_against_readelf(bin, 1);
	CHECK_EQ_INT(usdt_notes_read(bin, &ns, err, sizeof(err)), 0);
	CHECK_EQ_INT(ns.n, 4);
	const usdt_note_t *n = find_note(&ns, "p", "n__two");
	CHECK(n != NULL);
	if (n != NULL) {
		usdt_arg_t a[USDT_MAXARGS];
		CHECK_EQ_INT(usdt_args_parse(n, a, err, sizeof(err)), 2);
		CHECK_EQ_INT(a[0].size, 4);
		CHECK_EQ_INT(a[0].is_signed, 1);
		CHECK_EQ_INT(a[1].size, 8);
		CHECK_EQ_INT(a[1].is_signed, 1);
		CHECK_EQ_INT(n->sema, 0);
	}
	n = find_note(&ns, "p", "none");
	CHECK(n != NULL && n->args[0] == '\0');
	if (n != NULL) {
		usdt_arg_t a[USDT_MAXARGS];
		CHECK_EQ_INT(usdt_args_parse(n, a, err, sizeof(err)), 0);
	}
	/* g(%rip): the symbol is found and placed relative to the probe */
	n = find_note(&ns, "p", "m");
	CHECK(n != NULL);
	if (n != NULL) {
		usdt_arg_t a[USDT_MAXARGS];
		int na = usdt_args_parse(n, a, err, sizeof(err));
		CHECK_EQ_INT(na, 3);
		int found = 0;
		for (int i = 0; i < na; i++) {
			if (strcmp(a[i].sym, "g") != 0)
				continue;
			found = 1;
			CHECK(a[i].sym_bound);
			/* the file's own bytes at g are its initial value, 7 */
			Elf *e;
			int fd = open(bin, O_RDONLY);
			elf_version(EV_CURRENT);
			e = elf_begin(fd, ELF_C_READ, NULL);
			uint64_t gaddr = n->pc + (uint64_t)a[i].symrel;
			int ok = 0;
			size_t np;
			elf_getphdrnum(e, &np);
			for (size_t k = 0; k < np; k++) {
				GElf_Phdr ph;
				gelf_getphdr(e, (int)k, &ph);
				if (ph.p_type == PT_LOAD && gaddr >= ph.p_vaddr &&
				    gaddr + 4 <= ph.p_vaddr + ph.p_filesz) {
					int v = 0;
					CHECK_EQ_INT(pread(fd, &v, 4, (off_t)(ph.p_offset +
					    gaddr - ph.p_vaddr)), 4);
					CHECK_EQ_INT(v, 7);
					ok = 1;
				}
			}
			CHECK(ok);
			elf_end(e);
			close(fd);
		}
		if (!found)
			printf("test_usdt: gcc put g in a register; symbol check skipped\n");
	}
	usdt_notes_free(&ns);

	if (build_prog(" -O0", bin, sizeof(bin)) == 0)
		check_against_readelf(bin, 1);
}

/* The file offset and size of path's .note.stapsdt; -1 if none. */
static int note_section(const char *path, off_t *off, size_t *size)
{
	int fd = open(path, O_RDONLY), rc = -1;
	size_t shstrndx;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	if (e != NULL && elf_getshdrstrndx(e, &shstrndx) == 0) {
		for (Elf_Scn *s = NULL; (s = elf_nextscn(e, s)) != NULL; ) {
			GElf_Shdr sh;
			gelf_getshdr(s, &sh);
			const char *nm = elf_strptr(e, shstrndx, sh.sh_name);
			if (nm != NULL && strcmp(nm, ".note.stapsdt") == 0) {
				*off = (off_t)sh.sh_offset;
				*size = sh.sh_size;
				rc = 0;
			}
		}
	}
	if (e != NULL)
		elf_end(e);
	close(fd);
	return rc;
}

static int copy_file(const char *from, const char *to, unsigned char **data, size_t *len)
{
	FILE *in = fopen(from, "rb");
	if (in == NULL)
		return -1;
	fseek(in, 0, SEEK_END);
	*len = (size_t)ftell(in);
	rewind(in);
	*data = malloc(*len);
	size_t got = fread(*data, 1, *len, in);
	fclose(in);
	if (got != *len)
		return -1;
	FILE *out = fopen(to, "wb");
	if (out == NULL)
		return -1;
	fwrite(*data, 1, *len, out);
	fclose(out);
	return 0;
}

static void write_at(const char *path, off_t off, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY);
	CHECK_EQ_INT(pwrite(fd, buf, len, off), (ssize_t)len);
	close(fd);
}

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* Corrupt copies of a real object: errors that name it, no crash. */
static void test_corrupt(void)
{
	char src[512], bad[512], err[512];
	unsigned char *data = NULL, *orig;
	size_t len;
	off_t off = 0;
	size_t size = 0;
	usdt_notes_t ns;

	if (build_prog(" -O2", src, sizeof(src)) != 0) {
		const char *php = "/usr/bin/php8.2";
		if (!have(php)) {
			printf("test_usdt: no object with notes, corrupt-note tests skipped\n");
			return;
		}
		snprintf(src, sizeof(src), "%s", php);
	}
	snprintf(bad, sizeof(bad), "%s/bad", tmpdir);
	if (copy_file(src, bad, &data, &len) != 0 || note_section(src, &off, &size) != 0) {
		CHECK(0);
		free(data);
		return;
	}
	orig = data + off;

	/* base moved: pc (and a semaphore) shift by the difference */
	{
		usdt_notes_t a, b;
		unsigned char note[64];
		memcpy(note, orig, sizeof(note));
		uint32_t namesz;
		memcpy(&namesz, note, 4);
		size_t boff = 12 + ((namesz + 3) & ~3u) + 8;
		uint64_t base;
		memcpy(&base, note + boff, 8);
		base -= 0x1000;
		memcpy(note + boff, &base, 8);
		write_at(bad, off, note, sizeof(note));
		CHECK_EQ_INT(usdt_notes_read(src, &a, err, sizeof(err)), 0);
		CHECK_EQ_INT(usdt_notes_read(bad, &b, err, sizeof(err)), 0);
		CHECK(a.n > 1 && a.n == b.n);
		if (a.n > 1 && a.n == b.n) {
			CHECK_EQ_INT(b.notes[0].pc, a.notes[0].pc + 0x1000);
			CHECK_EQ_INT(b.notes[1].pc, a.notes[1].pc);
		}
		usdt_notes_free(&a);
		usdt_notes_free(&b);
		write_at(bad, off, orig, sizeof(note));
	}

	/* a name size past the section */
	{
		unsigned char h[4];
		put32(h, 0x7fffffff);
		write_at(bad, off, h, 4);
		CHECK_EQ_INT(usdt_notes_read(bad, &ns, err, sizeof(err)), -1);
		CHECK(strstr(err, bad) != NULL);
		CHECK(strstr(err, "corrupt .note.stapsdt") != NULL);
		CHECK(strstr(err, "note 1 is truncated") != NULL);
		CHECK_EQ_INT(ns.n, 0);
		check_providers(bad);
		write_at(bad, off, orig, 4);
	}
	/* a descriptor too short for its strings */
	{
		unsigned char h[4];
		put32(h, 24 + 2);
		write_at(bad, off + 4, h, 4);
		CHECK_EQ_INT(usdt_notes_read(bad, &ns, err, sizeof(err)), -1);
		CHECK(strstr(err, bad) != NULL);
		CHECK(strstr(err, "note 1 ") != NULL);
		write_at(bad, off + 4, orig + 4, 4);
	}
	/* the last note's strings cut at the section's end */
	{
		unsigned char *cut = malloc(size);
		memset(cut, 'A', size);
		write_at(bad, off + (off_t)size - 6, cut, 6);
		CHECK_EQ_INT(usdt_notes_read(bad, &ns, err, sizeof(err)), -1);
		CHECK(strstr(err, bad) != NULL && strstr(err, "corrupt .note.stapsdt") != NULL);
		write_at(bad, off + (off_t)size - 6, orig + size - 6, 6);
		free(cut);
	}
	/* garbled bytes everywhere in the section: never a crash */
	{
		unsigned char *g = malloc(size);
		srand(1234);
		for (int round = 0; round < 300; round++) {
			memcpy(g, orig, size);
			int flips = 1 + rand() % 8;
			for (int k = 0; k < flips; k++)
				g[(size_t)rand() % size] = (unsigned char)rand();
			if (round % 50 == 0)
				memset(g + (size_t)rand() % size, 0xff, 4);
			write_at(bad, off, g, size);
			int rc = usdt_notes_read(bad, &ns, err, sizeof(err));
			if (rc == 0)
				usdt_notes_free(&ns);
			else
				CHECK(strstr(err, bad) != NULL);
			check_providers(bad);
		}
		write_at(bad, off, orig, size);
		free(g);
	}
	/* the file cut inside the note section */
	{
		CHECK_EQ_INT(truncate(bad, off + (off_t)size / 2), 0);
		CHECK_EQ_INT(usdt_notes_read(bad, &ns, err, sizeof(err)), -1);
		CHECK(strstr(err, bad) != NULL);
		check_providers(bad);
	}
	/* not ELF, missing */
	{
		FILE *fp = fopen(bad, "w");
		fputs("#!/bin/sh\n", fp);
		fclose(fp);
		CHECK_EQ_INT(usdt_notes_read(bad, &ns, err, sizeof(err)), -1);
		char want[600];
		snprintf(want, sizeof(want), "%s is not an ELF file", bad);
		CHECK_EQ_STR(err, want);
		char **p;
		size_t n;
		CHECK_EQ_INT(usdt_note_providers(bad, &p, &n), -1);
		CHECK_EQ_INT(usdt_note_providers("/nonexistent/x", &p, &n), -1);
		CHECK_EQ_INT(usdt_notes_read("/nonexistent/x", &ns, err, sizeof(err)), -1);
		CHECK_EQ_STR(err, "failed to open /nonexistent/x: No such file or directory");
	}
	/* an object without notes is not an error */
	CHECK_EQ_INT(usdt_notes_read("/bin/sh", &ns, err, sizeof(err)), 0);
	usdt_notes_free(&ns);
	{
		char **p;
		size_t n;
		CHECK_EQ_INT(usdt_note_providers("/bin/sh", &p, &n), 0);
		CHECK_EQ_INT(n, 0);
		free(p);
	}
	unlink(bad);
	free(data);
}

static void test_names(void)
{
	char buf[64];
	CHECK_EQ_INT(usdt_probe_name("query__start", buf, sizeof(buf)), 11);
	CHECK_EQ_STR(buf, "query-start");
	usdt_probe_name("function__entry", buf, sizeof(buf));
	CHECK_EQ_STR(buf, "function-entry");
	usdt_probe_name("a_b", buf, sizeof(buf));
	CHECK_EQ_STR(buf, "a_b");
	usdt_probe_name("compile__file__return", buf, sizeof(buf));
	CHECK_EQ_STR(buf, "compile-file-return");
	CHECK_EQ_INT(usdt_probe_name("query__start", buf, 6), 11);
	CHECK_EQ_STR(buf, "query");
}

static usdt_arg_t parse(const char *s, int *rc)
{
	usdt_arg_t a;
	*rc = usdt_arg_parse(s, strlen(s), &a);
	return a;
}

static void test_parse(void)
{
	int rc;
	usdt_arg_t a;

	a = parse("-4@%eax", &rc);
	CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(a.kind, USDT_ARG_REG);
	CHECK_EQ_INT(a.size, 4); CHECK_EQ_INT(a.is_signed, 1);
	CHECK_EQ_INT(a.reg, R_RAX); CHECK_EQ_INT(a.regbits, 32);
	a = parse("8@%rbx", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, R_RBX); CHECK_EQ_INT(a.is_signed, 0);
	a = parse("1@%al", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.size, 1); CHECK_EQ_INT(a.regbits, 8);
	a = parse("-2@%ax", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.regbits, 16);
	a = parse("1@%ah", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.regshift, 8); CHECK_EQ_INT(a.reg, R_RAX);
	a = parse("-1@%dh", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, R_RDX); CHECK_EQ_INT(a.regshift, 8);

	static const struct { const char *name; int reg, bits; } regs[] = {
		{ "%rsi", R_RSI, 64 }, { "%esi", R_RSI, 32 }, { "%si", R_RSI, 16 },
		{ "%sil", R_RSI, 8 }, { "%dil", R_RDI, 8 }, { "%bpl", R_RBP, 8 },
		{ "%spl", R_RSP, 8 }, { "%r8", R_R8, 64 }, { "%r8d", R_R8, 32 },
		{ "%r9w", R_R9, 16 }, { "%r10b", R_R10, 8 }, { "%r15", R_R15, 64 },
		{ "%r13d", R_R13, 32 }, { "%r11l", R_R11, 8 }, { "%ecx", R_RCX, 32 },
		{ "%bl", R_RBX, 8 }, { "%cl", R_RCX, 8 }, { "%dl", R_RDX, 8 },
		{ "%bh", R_RBX, 8 }, { "%ch", R_RCX, 8 }, { "%ebp", R_RBP, 32 },
		{ "%esp", R_RSP, 32 }, { "%edi", R_RDI, 32 }, { "%di", R_RDI, 16 },
	};
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		char s[32];
		snprintf(s, sizeof(s), "8@%s", regs[i].name);
		a = parse(s, &rc);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(a.reg, regs[i].reg);
		CHECK_EQ_INT(a.regbits, regs[i].bits);
	}

	a = parse("8@-16(%rbp)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.kind, USDT_ARG_MEM);
	CHECK_EQ_INT(a.reg, R_RBP); CHECK_EQ_INT(a.disp, -16); CHECK_EQ_INT(a.index, -1);
	a = parse("4@(%rax,%rdx,8)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, R_RAX); CHECK_EQ_INT(a.index, R_RDX);
	CHECK_EQ_INT(a.scale, 8); CHECK_EQ_INT(a.disp, 0);
	a = parse("8@16(%rsp,%rcx,4)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, R_RSP); CHECK_EQ_INT(a.index, R_RCX);
	CHECK_EQ_INT(a.scale, 4); CHECK_EQ_INT(a.disp, 16);
	a = parse("8@-8(%rsi,%rax)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.scale, 1); CHECK_EQ_INT(a.disp, -8);
	a = parse("4@(,%rax,4)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, -1); CHECK_EQ_INT(a.index, R_RAX);
	a = parse("8@0x10(%r12)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.disp, 16); CHECK_EQ_INT(a.reg, R_R12);
	a = parse("8@(%rsp)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.reg, R_RSP);

	a = parse("-4@$5", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.kind, USDT_ARG_CONST); CHECK_EQ_INT(a.disp, 5);
	a = parse("8@$-1", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.disp, -1);
	a = parse("4@$0x20", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.disp, 32);

	a = parse("8@sym+8(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.rip, 1); CHECK_EQ_STR(a.sym, "sym");
	CHECK_EQ_INT(a.disp, 8); CHECK_EQ_INT(a.sym_bound, 0);
	a = parse("-4@counter.0(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_STR(a.sym, "counter.0"); CHECK_EQ_INT(a.disp, 0);
	a = parse("8@0x10(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.rip, 1); CHECK_EQ_STR(a.sym, "");
	CHECK_EQ_INT(a.disp, 16);
	a = parse("8@g-4(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.disp, -4);
	/* as PostgreSQL's notes have it: the offset before the symbol */
	a = parse("-4@40+CheckpointStats(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_STR(a.sym, "CheckpointStats"); CHECK_EQ_INT(a.disp, 40);
	a = parse("8@-8+s+16(%rip)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_STR(a.sym, "s"); CHECK_EQ_INT(a.disp, 8);

	/* without size: the register's width, else 8; unsigned */
	a = parse("%eax", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.size, 4); CHECK_EQ_INT(a.is_signed, 0);
	a = parse("-8(%rbp)", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.size, 8);
	a = parse("$3", &rc);
	CHECK_EQ_INT(rc, 0); CHECK_EQ_INT(a.size, 8); CHECK_EQ_INT(a.disp, 3);

	static const char *bad[] = {
		"8@%xyz", "3@%rax", "16@%rax", "@%rax", "8@", "8@%", "8@$",
		"8@$x", "8@(%rax", "8@(%rax,%rbx,3)", "8@(%rax,%rsp,2)",
		"8@(%eax)", "8@(%ah)", "8@x y", "8@(%rip,%rax)", "8@%r16",
		"8@%r7", "8@%r8x", "8@()", "8@1(2)", "8@-(%rax)", "",
		"8@$1x", "8@%raxx", "x@%rax", "-@%rax", "8@a+b(%rip)",
		"8@-a(%rip)", "8@1+(%rax)", "8@a++1(%rax)",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		a = parse(bad[i], &rc);
		if (rc != -1)
			fprintf(stderr, "accepted bad spec '%s'\n", bad[i]);
		CHECK_EQ_INT(rc, -1);
	}

	/* a whole note's specs and their errors */
	usdt_note_t n = { .provider = "php", .name = "function__entry",
	    .args = "8@%rax 8@%r14  -4@%r13d 8@(%rsp) 8@16(%rsp)" };
	usdt_arg_t args[USDT_MAXARGS];
	char err[256];
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), 5);
	CHECK_EQ_INT(args[2].reg, R_R13);
	CHECK_EQ_INT(args[4].disp, 16);
	n.args = "8@%rax 8@%rdx 8@%xyz";
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), -1);
	CHECK_EQ_STR(err, "cannot parse argument 2 of php:function__entry: '8@%xyz'");
	n.args = "8@$1 8@$2 8@$3 8@$4 8@$5 8@$6 8@$7 8@$8 8@$9 8@$10 8@$11 8@$12";
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), 12);
	CHECK_EQ_INT(args[11].disp, 12);
	n.args = "8@$1 8@$2 8@$3 8@$4 8@$5 8@$6 8@$7 8@$8 8@$9 8@$10 8@$11 8@$12 8@$13";
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), -1);
	CHECK_EQ_STR(err, "too many arguments (13) in php:function__entry");
	n.args = "";
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), 0);
}

/* Fake memory: 64 bytes at 0x1000. */
static unsigned char fakemem[64];
static int fake_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	int *calls = arg;
	(*calls)++;
	if (addr < 0x1000 || addr + len > 0x1000 + sizeof(fakemem))
		return -1;
	memcpy(buf, fakemem + (addr - 0x1000), len);
	return 0;
}

static int64_t eval(const char *spec, const uint64_t *regs, uint64_t next_pc, int *rc)
{
	usdt_arg_t a;
	int64_t v = 0x5a5a;
	int calls = 0;
	if (usdt_arg_parse(spec, strlen(spec), &a) != 0) {
		*rc = -2;
		return 0;
	}
	*rc = usdt_arg_eval(&a, regs, next_pc, fake_read, &calls, &v);
	return v;
}

static void test_eval(void)
{
	uint64_t regs[UDT_NREGS] = { 0 };
	int rc;

	regs[R_RAX] = 0x1122334455667788ULL;
	regs[R_RBX] = 0x00000000fffffffbULL;     /* -5 as 32 bits */
	regs[R_RCX] = 2;
	regs[R_RDX] = 0xffffffffffffff80ULL;
	regs[R_RBP] = 0x1010;
	regs[R_RSP] = 0x1000;
	regs[R_R13] = 0xdeadbeef80000000ULL;
	for (int i = 0; i < 64; i++)
		fakemem[i] = (unsigned char)(0xf0 + i);   /* f0 f1 f2 ... */

	CHECK_EQ_INT(eval("8@%rax", regs, 0, &rc), 0x1122334455667788LL); CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(eval("4@%eax", regs, 0, &rc), 0x55667788);
	CHECK_EQ_INT(eval("-4@%ebx", regs, 0, &rc), -5);
	CHECK_EQ_INT(eval("4@%ebx", regs, 0, &rc), 0xfffffffbLL);
	CHECK_EQ_INT(eval("-8@%rbx", regs, 0, &rc), 0xfffffffbLL);
	CHECK_EQ_INT(eval("1@%al", regs, 0, &rc), 0x88);
	CHECK_EQ_INT(eval("-1@%al", regs, 0, &rc), -120);
	CHECK_EQ_INT(eval("1@%ah", regs, 0, &rc), 0x77);
	CHECK_EQ_INT(eval("-2@%ax", regs, 0, &rc), 0x7788);
	CHECK_EQ_INT(eval("-1@%dl", regs, 0, &rc), -128);
	CHECK_EQ_INT(eval("2@%dx", regs, 0, &rc), 0xff80);
	CHECK_EQ_INT(eval("-4@%r13d", regs, 0, &rc), (int64_t)(int32_t)0x80000000u);
	CHECK_EQ_INT(eval("8@%r13", regs, 0, &rc), (int64_t)0xdeadbeef80000000ULL);
	/* the size cuts a wider register too */
	CHECK_EQ_INT(eval("-1@%rax", regs, 0, &rc), -120);

	CHECK_EQ_INT(eval("-4@$5", regs, 0, &rc), 5);
	CHECK_EQ_INT(eval("8@$-1", regs, 0, &rc), -1);
	CHECK_EQ_INT(eval("4@$-1", regs, 0, &rc), 0xffffffffLL);
	CHECK_EQ_INT(eval("-4@$-5", regs, 0, &rc), -5);

	/* memory, little-endian */
	CHECK_EQ_INT(eval("1@(%rsp)", regs, 0, &rc), 0xf0); CHECK_EQ_INT(rc, 0);
	CHECK_EQ_INT(eval("-1@(%rsp)", regs, 0, &rc), -16);
	CHECK_EQ_INT(eval("2@1(%rsp)", regs, 0, &rc), 0xf2f1);
	CHECK_EQ_INT(eval("-4@-16(%rbp)", regs, 0, &rc), (int64_t)(int32_t)0xf3f2f1f0u);
	CHECK_EQ_INT(eval("4@-16(%rbp)", regs, 0, &rc), 0xf3f2f1f0LL);
	/* 8 + 2*4 = 16 bytes in: the pattern has wrapped to 00 01 02 ... */
	CHECK_EQ_INT(eval("8@8(%rsp,%rcx,4)", regs, 0, &rc), 0x0706050403020100LL);
	CHECK_EQ_INT(eval("4@(%rsp,%rcx,8)", regs, 0, &rc), 0x03020100LL);
	(void)eval("-2@(,%rcx,8)", regs, 0, &rc);
	CHECK_EQ_INT(rc, -1);   /* address 16: unreadable */
	CHECK_EQ_INT(eval("8@-8(%rsp)", regs, 0, &rc), 0x5a5a);
	CHECK_EQ_INT(rc, -1);   /* unreadable: the caller's read fails, no value */

	/* %rip: the next instruction's address */
	CHECK_EQ_INT(eval("1@0x10(%rip)", regs, 0x0ff0, &rc), 0xf0);
	CHECK_EQ_INT(eval("8@%rip", regs, 0x4321, &rc), 0x4321);

	/* a symbol operand: unbound fails, bound is pc + symrel + disp */
	usdt_arg_t a;
	int64_t v;
	int calls = 0;
	CHECK_EQ_INT(usdt_arg_parse("2@sym+2(%rip)", 13, &a), 0);
	CHECK_EQ_INT(usdt_arg_eval(&a, regs, 0x0801, fake_read, &calls, &v), -1);
	CHECK_EQ_INT(calls, 0);
	usdt_note_t n = { .provider = "p", .name = "n", .args = "1@$1 2@sym+2(%rip)",
	    .pc = 0x400, .symok = 2, .symrel = { 0, 0x800 } };
	usdt_arg_t args[USDT_MAXARGS];
	char err[128];
	CHECK_EQ_INT(usdt_args_parse(&n, args, err, sizeof(err)), 2);
	CHECK_EQ_INT(args[1].sym_bound, 1);
	/* loaded at 0x400 higher than the file: probe at 0x800, sym at 0x1000 */
	CHECK_EQ_INT(usdt_arg_eval(&args[1], regs, 0x0801, fake_read, &calls, &v), 0);
	CHECK_EQ_INT(v, 0xf3f2);
}

static void test_header(void)
{
	const char *t1[] = { "char *", "unsigned long", "char *", "char *", "char *" };
	const char *t2[] = { "int" };
	d_provprobe_t probes[] = {
		{ .name = "query__start", .nargs = 5, .argtypes = t1 },
		{ .name = "query__done", .nargs = 1, .argtypes = t2 },
		{ .name = "tick", .nargs = 0, .argtypes = NULL },
	};
	d_provdef_t prov = { .name = "mysql", .probes = probes, .nprobes = 3 };
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	CHECK_EQ_INT(usdt_header_write(fp, &prov, 1, "out/my-prov.h", err, sizeof(err)), 0);
	fclose(fp);
	CHECK(strncmp(buf, "/* Generated by the Systemtap dtrace wrapper */\n", 48) == 0);
	CHECK(strstr(buf, "#ifndef _MY_PROV_H\n#define _MY_PROV_H\n") != NULL);
	CHECK(strstr(buf, "#define _SDT_HAS_SEMAPHORES 1\n\n#include <sys/sdt.h>\n") != NULL);
	CHECK(strstr(buf, "/* MYSQL_QUERY_START ( char *, unsigned long, char *, char *, char * ) */\n") != NULL);
	CHECK(strstr(buf, "__extension__ extern unsigned short mysql_query__start_semaphore "
	    "__attribute__ ((unused, section (\".probes\")));\n") != NULL);
	CHECK(strstr(buf, "#define MYSQL_QUERY_START_ENABLED() __builtin_expect "
	    "(mysql_query__start_semaphore, 0)\n") != NULL);
	CHECK(strstr(buf, "#define MYSQL_QUERY_START(arg1, arg2, arg3, arg4, arg5) \\\n"
	    "DTRACE_PROBE5 (mysql, query__start, arg1, arg2, arg3, arg4, arg5)\n") != NULL);
	CHECK(strstr(buf, "#define MYSQL_QUERY_DONE(arg1) \\\nDTRACE_PROBE1 (mysql, query__done, arg1)\n") != NULL);
	CHECK(strstr(buf, "/* MYSQL_TICK () */\n") != NULL);
	CHECK(strstr(buf, "#define MYSQL_TICK() \\\nDTRACE_PROBE (mysql, tick)\n") != NULL);
	CHECK(strstr(buf, "#endif /* _MY_PROV_H */\n") != NULL);
	free(buf);

	const char *many[13];
	for (int i = 0; i < 13; i++)
		many[i] = "int";
	d_provprobe_t big = { .name = "big", .nargs = 13, .argtypes = many };
	d_provdef_t p2 = { .name = "x", .probes = &big, .nprobes = 1 };
	fp = open_memstream(&buf, &len);
	CHECK_EQ_INT(usdt_header_write(fp, &p2, 1, "x.h", err, sizeof(err)), -1);
	fclose(fp);
	CHECK_EQ_STR(err, "probe x:big has 13 arguments: <sys/sdt.h> allows at most 12");
	free(buf);

	/* make writes aside and renames: the guard ignores the suffix */
	fp = open_memstream(&buf, &len);
	CHECK_EQ_INT(usdt_header_write(fp, &prov, 1, "build/targets/mysqlish.h.4242", err, sizeof(err)), 0);
	fclose(fp);
	CHECK(strstr(buf, "#ifndef _MYSQLISH_H\n") != NULL);
	free(buf);
}

int main(void)
{
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_names();
	test_parse();
	test_eval();
	test_header();
	test_php();
	test_postgres();
	test_libpython();
	test_compiled();
	test_corrupt();
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return UNIT_END();
}
