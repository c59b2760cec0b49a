/*
 * noteprov.c — the providers an ELF object's .note.stapsdt names, read
 * quickly: a few pread calls (ELF header, section headers, their names,
 * the note section), no libelf, no symbols. The uprobe backend's watch
 * thread asks this for every executable file first mapped on the machine
 * while a process may be running on past it (usdt_watch.c): a full read
 * (notes.c) costs ~100 us, this ~15.
 *
 * Owns: nothing beyond the call. Must not: judge a note's other fields
 * (notes.c does, when the consumer reads the object for real).
 * Invariant: every offset and size read from the file is checked against
 * the file's size and a bound before use; an object it cannot read this
 * way returns -1 (the caller falls back to notes.c), never a partial
 * "no providers".
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "usdt/usdt.h"

#define NP_MAXSHDRS  (1u << 16)
#define NP_MAXNAMES  (1u << 20)
#define NP_MAXNOTES  (16u << 20)

static uint64_t rd(const unsigned char *p, int size, int msb)
{
	uint64_t v = 0;
	for (int i = 0; i < size; i++)
		v = (v << 8) | p[msb ? i : size - 1 - i];
	return v;
}

/* len bytes at off, all inside a file of fsize bytes: malloc'ed, or NULL. */
static unsigned char *slurp(int fd, uint64_t off, uint64_t len,
    uint64_t fsize, uint64_t max)
{
	unsigned char *b;
	size_t got = 0;

	if (len == 0 || len > max || off > fsize || len > fsize - off ||
	    (b = malloc((size_t)len)) == NULL)
		return NULL;
	while (got < len) {
		ssize_t r = pread(fd, b + got, (size_t)len - got,
		    (off_t)(off + got));
		if (r <= 0) {
			free(b);
			return NULL;
		}
		got += (size_t)r;
	}
	return b;
}

/* Add prov (len bytes, no NUL) to the set unless there. 0 or -1. */
static int add(char ***provs, size_t *n, const char *prov, size_t len)
{
	for (size_t i = 0; i < *n; i++)
		if (strlen((*provs)[i]) == len &&
		    memcmp((*provs)[i], prov, len) == 0)
			return 0;
	char **np = realloc(*provs, (*n + 1) * sizeof(*np));
	if (np == NULL)
		return -1;
	*provs = np;
	if ((np[*n] = strndup(prov, len)) == NULL)
		return -1;
	(*n)++;
	return 0;
}

/* The stapsdt notes' providers in one note section's bytes. 0 or -1. */
static int scan(const unsigned char *b, uint64_t len, int asz, int msb,
    char ***provs, size_t *n)
{
	uint64_t off = 0;

	while (len - off >= 12) {
		uint64_t namesz = rd(b + off, 4, msb);
		uint64_t descsz = rd(b + off + 4, 4, msb);
		uint64_t type = rd(b + off + 8, 4, msb);
		uint64_t rest = len - off - 12, an = (namesz + 3) & ~3ull;

		if (an > rest || descsz > rest - an)
			return -1;
		const unsigned char *desc = b + off + 12 + an;
		if (type == 3 && namesz == 8 &&
		    memcmp(b + off + 12, "stapsdt", 8) == 0) {
			if (descsz <= (uint64_t)asz * 3)
				return -1;
			const char *p = (const char *)desc + 3 * asz;
			const char *nul = memchr(p, '\0', descsz - 3 * asz);
			if (nul == NULL || nul == p ||
			    add(provs, n, p, (size_t)(nul - p)) != 0)
				return -1;
		}
		uint64_t next = off + 12 + an + ((descsz + 3) & ~3ull);
		if (next > len)
			break;     /* the last note's padding may be missing */
		off = next;
	}
	return 0;
}

int usdt_note_providers(const char *path, char ***provs, size_t *n)
{
	unsigned char eh[64], *sh = NULL, *names = NULL, *notes = NULL;
	struct stat st;
	int fd, rc = -1;

	*provs = NULL;
	*n = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &st) != 0 || pread(fd, eh, sizeof eh, 0) != sizeof eh ||
	    memcmp(eh, "\177ELF", 4) != 0 || (eh[4] != 1 && eh[4] != 2) ||
	    (eh[5] != 1 && eh[5] != 2))
		goto out;
	int is64 = eh[4] == 2, msb = eh[5] == 2, asz = is64 ? 8 : 4;
	uint64_t fsize = (uint64_t)st.st_size;
	uint64_t shoff = rd(eh + (is64 ? 40 : 32), asz, msb);
	uint64_t shentsize = rd(eh + (is64 ? 58 : 46), 2, msb);
	uint64_t shnum = rd(eh + (is64 ? 60 : 48), 2, msb);
	uint64_t shstrndx = rd(eh + (is64 ? 62 : 50), 2, msb);
	if (shnum == 0 && shoff == 0) {
		rc = 0;        /* no sections: no notes */
		goto out;
	}
	/* extended numbering (0 / SHN_XINDEX) is notes.c's to read */
	if (shentsize != (is64 ? 64u : 40u) || shnum == 0 ||
	    shstrndx >= shnum || (sh = slurp(fd, shoff, shnum * shentsize,
	    fsize, NP_MAXSHDRS * 64ull)) == NULL)
		goto out;
	/* Elf{32,64}_Shdr: name 0, type 4, offset 24/16, size 32/20 */
#define SH(i) (sh + (i) * shentsize)
#define SHOFF(p) rd((p) + (is64 ? 24 : 16), asz, msb)
#define SHSIZE(p) rd((p) + (is64 ? 32 : 20), asz, msb)
	uint64_t nsize = SHSIZE(SH(shstrndx));
	if ((names = slurp(fd, SHOFF(SH(shstrndx)), nsize, fsize,
	    NP_MAXNAMES)) == NULL)
		goto out;
	for (uint64_t i = 0; i < shnum; i++) {
		const unsigned char *p = SH(i);
		uint64_t nm = rd(p, 4, msb), len = SHSIZE(p);
		static const char want[] = ".note.stapsdt";
		if (rd(p + 4, 4, msb) != 7 /* SHT_NOTE */ ||
		    nm >= nsize || nsize - nm < sizeof want ||
		    memcmp(names + nm, want, sizeof want) != 0 || len == 0)
			continue;
		if ((notes = slurp(fd, SHOFF(p), len, fsize,
		    NP_MAXNOTES)) == NULL ||
		    scan(notes, len, asz, msb, provs, n) != 0)
			goto out;
		free(notes);
		notes = NULL;
	}
#undef SH
#undef SHOFF
#undef SHSIZE
	rc = 0;
out:
	if (rc != 0) {
		for (size_t i = 0; i < *n; i++)
			free((*provs)[i]);
		free(*provs);
		*provs = NULL;
		*n = 0;
	}
	free(notes);
	free(names);
	free(sh);
	close(fd);
	return rc;
}
