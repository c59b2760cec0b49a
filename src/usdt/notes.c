/*
 * notes.c — reads the .note.stapsdt notes of an ELF object into
 * usdt_note_t records.
 *
 * Owns: the note layout (owner "stapsdt", type 3; descriptor = pc, base,
 * semaphore as addresses of the object's class, then provider, name and
 * argument strings, each NUL-terminated) and the .stapsdt.base
 * adjustment. Must not: interpret the argument strings (args.c) or know
 * where the object is loaded.
 * Invariant: every byte read from the object is bounds-checked against
 * the section's size first; a note that does not fit, or whose strings
 * are not terminated inside it, fails the whole object with a message
 * naming it — a half-read object would list probes that are not there.
 *
 * The adjustment: the note records the link-time address of the probe
 * and of the .stapsdt.base section. If the object was moved after linking
 * (prelink), .stapsdt.base's section address differs from the recorded
 * one by exactly the move, so pc (and a nonzero semaphore, which lives in
 * the same moved image) are shifted by that difference.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "usdt/usdt.h"

#define NT_STAPSDT 3

static uint64_t get_uint(const unsigned char *p, int size, int msb)
{
	uint64_t v = 0;
	for (int i = 0; i < size; i++) {
		int b = msb ? i : size - 1 - i;
		v = (v << 8) | p[b];
	}
	return v;
}

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* Parse one section's notes, appending to out. Returns -1 with why set. */
static int parse_notes(const unsigned char *buf, size_t len, int addrsize,
    int msb, int have_base, uint64_t base_addr, usdt_notes_t *out,
    size_t *cap, const char **why, size_t *bad)
{
	size_t off = 0, idx = 0;

	while (off < len) {
		idx++;
		*bad = idx;
		if (len - off < 12) {
			*why = "is truncated";
			return -1;
		}
		uint64_t namesz = get_uint(buf + off, 4, msb);
		uint64_t descsz = get_uint(buf + off + 4, 4, msb);
		uint64_t type = get_uint(buf + off + 8, 4, msb);
		size_t rest = len - off - 12;
		if (namesz > rest || align4(namesz) > rest ||
		    descsz > rest - align4(namesz)) {
			*why = "is truncated";
			return -1;
		}
		const unsigned char *name = buf + off + 12;
		const unsigned char *desc = name + align4(namesz);
		size_t next = off + 12 + align4(namesz) + align4(descsz);
		if (next > len || next <= off)
			next = len;   /* the last note's padding may be missing */

		if (type != NT_STAPSDT || namesz != 8 ||
		    memcmp(name, "stapsdt", 8) != 0) {
			off = next;
			continue;   /* another owner's note: not ours to judge */
		}
		if (descsz < (uint64_t)addrsize * 3) {
			*why = "is truncated";
			return -1;
		}
		uint64_t pc = get_uint(desc, addrsize, msb);
		uint64_t base = get_uint(desc + addrsize, addrsize, msb);
		uint64_t sema = get_uint(desc + 2 * addrsize, addrsize, msb);
		const char *s = (const char *)desc + 3 * addrsize;
		size_t slen = descsz - 3 * (size_t)addrsize;
		const char *strs[3];
		size_t used = 0;
		for (int i = 0; i < 3; i++) {
			const char *nul = used < slen ?
			    memchr(s + used, '\0', slen - used) : NULL;
			if (nul == NULL) {
				*why = i == 2 ? "has an unterminated argument string" :
				    "has no provider and name";
				return -1;
			}
			strs[i] = s + used;
			used = (size_t)(nul - s) + 1;
		}
		if (*strs[0] == '\0' || *strs[1] == '\0') {
			*why = "has an empty provider or name";
			return -1;
		}
		if (have_base) {
			pc += base_addr - base;
			if (sema != 0)
				sema += base_addr - base;
		}
		if (out->n == *cap) {
			size_t ncap = *cap ? *cap * 2 : 16;
			usdt_note_t *nn = realloc(out->notes, ncap * sizeof(*nn));
			if (nn == NULL) {
				*why = "cannot be read: out of memory";
				return -1;
			}
			out->notes = nn;
			*cap = ncap;
		}
		/* strings are kept as offsets until the copy is final */
		usdt_note_t *n = &out->notes[out->n++];
		n->provider = strs[0];
		n->name = strs[1];
		n->args = strs[2];
		n->pc = pc;
		n->sema = sema;
		n->symok = 0;
		memset(n->symrel, 0, sizeof(n->symrel));
		off = next;
	}
	return 0;
}

/* The value of a defined symbol called name (.symtab, then .dynsym). */
static int find_symbol(Elf *e, const char *name, uint64_t *value)
{
	for (int pass = 0; pass < 2; pass++) {
		Elf32_Word want = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;
		for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL; ) {
			GElf_Shdr sh;
			if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != want ||
			    sh.sh_entsize == 0)
				continue;
			Elf_Data *d = elf_getdata(scn, NULL);
			if (d == NULL)
				continue;
			size_t n = d->d_size / sh.sh_entsize;
			for (size_t i = 0; i < n; i++) {
				GElf_Sym sym;
				const char *nm;
				if (gelf_getsym(d, (int)i, &sym) == NULL ||
				    sym.st_shndx == SHN_UNDEF ||
				    (nm = elf_strptr(e, sh.sh_link, sym.st_name)) == NULL ||
				    strcmp(nm, name) != 0)
					continue;
				*value = sym.st_value;
				return 0;
			}
		}
	}
	return -1;
}

/*
 * Arguments that name a symbol ("-4@g(%rip)", a static the compiler
 * reached RIP-relative): find it now, while the object is open, as an
 * offset from the probe, which the load bias does not change.
 */
static void resolve_symbols(Elf *e, usdt_note_t *n)
{
	const char *p = n->args;
	for (int i = 0; i < USDT_MAXARGS; i++) {
		usdt_arg_t a;
		uint64_t v;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			return;
		const char *s = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
		if (memchr(s, '(', (size_t)(p - s)) == NULL ||
		    usdt_arg_parse(s, (size_t)(p - s), &a) != 0 || a.sym[0] == '\0')
			continue;
		if (find_symbol(e, a.sym, &v) == 0) {
			n->symok |= UINT32_C(1) << i;
			n->symrel[i] = (int64_t)(v - n->pc);
		}
	}
}

/* Copy every note's strings into one owned block (the ELF data goes away). */
static int own_strings(usdt_notes_t *out)
{
	size_t total = 0;
	for (size_t i = 0; i < out->n; i++)
		total += strlen(out->notes[i].provider) + strlen(out->notes[i].name) +
		    strlen(out->notes[i].args) + 3;
	char *mem = malloc(total ? total : 1), *p = mem;
	if (mem == NULL)
		return -1;
	for (size_t i = 0; i < out->n; i++) {
		const char **f[3] = { &out->notes[i].provider, &out->notes[i].name,
		    &out->notes[i].args };
		for (int k = 0; k < 3; k++) {
			size_t l = strlen(*f[k]) + 1;
			memcpy(p, *f[k], l);
			*f[k] = p;
			p += l;
		}
	}
	out->mem = mem;
	return 0;
}

int usdt_notes_read(const char *path, usdt_notes_t *out, char *err, size_t errlen)
{
	int fd = -1, rc = -1;
	Elf *e = NULL;
	size_t cap = 0, bad = 0, shstrndx;
	const char *why = NULL;

	memset(out, 0, sizeof(*out));
	if (elf_version(EV_CURRENT) == EV_NONE) {
		snprintf(err, errlen, "failed to open %s: libelf is unusable", path);
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "failed to open %s: %s", path, strerror(errno));
		return -1;
	}
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (e == NULL || elf_kind(e) != ELF_K_ELF) {
		snprintf(err, errlen, "%s is not an ELF file", path);
		goto done;
	}
	int cls = gelf_getclass(e);
	const char *ident = elf_getident(e, NULL);
	if ((cls != ELFCLASS32 && cls != ELFCLASS64) || ident == NULL ||
	    elf_getshdrstrndx(e, &shstrndx) != 0) {
		snprintf(err, errlen, "corrupt ELF headers in %s: %s", path, elf_errmsg(-1));
		goto done;
	}
	/*
	 * libelf quietly shows no sections when their headers lie past the
	 * end of a cut file; that must not read as "no probes".
	 */
	struct stat st;
	GElf_Ehdr eh;
	if (fstat(fd, &st) != 0 || gelf_getehdr(e, &eh) == NULL ||
	    (eh.e_shnum != 0 && (eh.e_shoff > (uint64_t)st.st_size ||
	    (uint64_t)eh.e_shnum * eh.e_shentsize > (uint64_t)st.st_size - eh.e_shoff))) {
		snprintf(err, errlen, "corrupt ELF headers in %s: section headers "
		    "are past the end of the file", path);
		goto done;
	}
	int addrsize = cls == ELFCLASS64 ? 8 : 4;
	int msb = ident[EI_DATA] == ELFDATA2MSB;

	/* .stapsdt.base first: every note's adjustment needs it */
	int have_base = 0;
	uint64_t base_addr = 0;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL; ) {
		GElf_Shdr sh;
		const char *nm;
		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		nm = elf_strptr(e, shstrndx, sh.sh_name);
		if (nm != NULL && strcmp(nm, ".stapsdt.base") == 0) {
			have_base = 1;
			base_addr = sh.sh_addr;
		}
	}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL; ) {
		GElf_Shdr sh;
		const char *nm;
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE)
			continue;
		nm = elf_strptr(e, shstrndx, sh.sh_name);
		if (nm == NULL || strcmp(nm, ".note.stapsdt") != 0)
			continue;
		Elf_Data *d = elf_rawdata(scn, NULL);
		if (d == NULL || (d->d_buf == NULL && d->d_size != 0) ||
		    d->d_size != sh.sh_size || sh.sh_offset > (uint64_t)st.st_size ||
		    sh.sh_size > (uint64_t)st.st_size - sh.sh_offset) {
			snprintf(err, errlen, "corrupt .note.stapsdt in %s: "
			    "section is outside the file", path);
			goto done;
		}
		if (parse_notes(d->d_buf, d->d_size, addrsize, msb, have_base,
		    base_addr, out, &cap, &why, &bad) != 0) {
			snprintf(err, errlen, "corrupt .note.stapsdt in %s: note %zu %s",
			    path, bad, why);
			goto done;
		}
	}
	for (size_t i = 0; i < out->n; i++)
		resolve_symbols(e, &out->notes[i]);
	if (own_strings(out) != 0) {
		snprintf(err, errlen, "failed to read %s: out of memory", path);
		goto done;
	}
	rc = 0;
done:
	if (rc != 0) {
		free(out->notes);
		memset(out, 0, sizeof(*out));
	}
	if (e != NULL)
		elf_end(e);
	close(fd);
	return rc;
}

void usdt_notes_free(usdt_notes_t *ns)
{
	if (ns == NULL)
		return;
	free(ns->notes);
	free(ns->mem);
	memset(ns, 0, sizeof(*ns));
}

size_t usdt_probe_name(const char *name, char *buf, size_t len)
{
	size_t o = 0;
	for (const char *p = name; *p != '\0'; p++) {
		char c = *p;
		if (p[0] == '_' && p[1] == '_') {
			c = '-';
			p++;
		}
		if (len > 0 && o < len - 1)
			buf[o] = c;
		o++;
	}
	if (len > 0)
		buf[o < len ? o : len - 1] = '\0';
	return o;
}
