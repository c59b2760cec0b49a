/*
 * elf.c — ELF objects as udtrace sees them: their function symbols
 * (from .symtab, else a separate debuginfo file, else .dynsym), their
 * loadable segments, and where a process has placed them (load bias).
 *
 * Owns: the object cache (path + device + inode + mtime) and every
 * libelf handle. Must not: read or write a process; lookup.c and
 * unwind.c do that.
 * Invariant: an object, once returned, stays valid (symbol names and
 * code bytes point into its read-only mappings) until sym_cache_flush;
 * a file replaced on disk becomes a new object, the old one lives on.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <elfutils/libdwelf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym.h"
#include "sym/sym_impl.h"

/* One PT_LOAD segment, in file terms. */
typedef struct seg {
	uint64_t vaddr, off, filesz, memsz, align;
} seg_t;

struct udt_elf {
	char *path;
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	int fd, dfd;             /* the object, its debuginfo file (-1: none) */
	Elf *elf, *delf;
	const uint8_t *image;    /* whole file, read only (elf_rawfile) */
	size_t imagelen;
	int pie;
	seg_t *segs;
	size_t nsegs;
	udt_sym_t *syms;
	size_t nsyms;
	char *unversioned;       /* names of syms that had @VERSION, NUL-separated */
	int dbg_tried;           /* find_debuginfo ran (for DWARF, even with a .symtab) */
	struct udt_elf *next;
};

static udt_elf_t *cache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static int elf_ready;

static void elf_free(udt_elf_t *e)
{
	if (e == NULL)
		return;
	if (e->delf != NULL)
		elf_end(e->delf);
	if (e->dfd >= 0)
		close(e->dfd);
	if (e->elf != NULL)
		elf_end(e->elf);
	if (e->fd >= 0)
		close(e->fd);
	free(e->segs);
	free(e->syms);
	free(e->unversioned);
	free(e->path);
	free(e);
}

/* Does this Elf hold a symbol table with at least one entry? */
static Elf_Scn *find_symtab(Elf *elf, Elf64_Word type)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		if (sh.sh_type == type && sh.sh_entsize != 0 &&
		    sh.sh_size / sh.sh_entsize > 1)
			return scn;
	}
	return NULL;
}

/* Open a candidate debuginfo file; keep it only if it has a real .symtab. */
static int try_debug(udt_elf_t *e, const char *path)
{
	struct stat st;
	int fd;
	Elf *elf;

	if (stat(path, &st) != 0 || (st.st_dev == e->dev && st.st_ino == e->ino))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf == NULL || elf_kind(elf) != ELF_K_ELF ||
	    find_symtab(elf, SHT_SYMTAB) == NULL) {
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		return 0;
	}
	e->dfd = fd;
	e->delf = elf;
	return 1;
}

/* out = a b c, or -1 if it does not fit. */
static int join3(char *out, size_t n, const char *a, const char *b,
    const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);

	if (la + lb + lc >= n)
		return -1;
	memcpy(out, a, la);
	memcpy(out + la, b, lb);
	memcpy(out + la + lb, c, lc + 1);
	return 0;
}

/*
 * A stripped object's full symbols may live elsewhere: by build id under
 * /usr/lib/debug/.build-id, or by .gnu_debuglink beside it, in .debug/
 * beside it, or under /usr/lib/debug/<its directory>.
 */
static void find_debuginfo(udt_elf_t *e)
{
	const void *id;
	ssize_t idlen = dwelf_elf_gnu_build_id(e->elf, &id);
	char path[4096], dir[4096];
	const char *link;
	GElf_Word crc;

	if (idlen > 1 && idlen < 256) {
		const uint8_t *b = id;
		int n = snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%02x/", b[0]);
		for (ssize_t i = 1; i < idlen && n < (int)sizeof(path) - 8; i++)
			n += snprintf(path + n, sizeof(path) - n, "%02x", b[i]);
		snprintf(path + n, sizeof(path) - n, ".debug");
		if (try_debug(e, path))
			return;
	}
	link = dwelf_elf_gnu_debuglink(e->elf, &crc);
	if (link == NULL || *link == '\0' || strchr(link, '/') != NULL)
		return;
	if (join3(dir, sizeof(dir), e->path, "", "") != 0)
		return;
	char *slash = strrchr(dir, '/');
	if (slash != NULL)
		slash[1] = '\0';
	else
		strcpy(dir, "./");
	if (join3(path, sizeof(path), dir, "", link) == 0 && try_debug(e, path))
		return;
	if (join3(path, sizeof(path), dir, ".debug/", link) == 0 &&
	    try_debug(e, path))
		return;
	if (dir[0] == '/' && join3(path, sizeof(path), "/usr/lib/debug", dir,
	    link) == 0)
		try_debug(e, path);
}

/*
 * Which of several names of one address to keep: a global (or weak) one
 * over a local; then one without a symbol version ("cfree@GLIBC_2.2.5");
 * then the fewest leading underscores, so libc's malloc wins over
 * __libc_malloc and getpid over __getpid whether the names come from
 * .dynsym or from a debuginfo .symtab; then the first in the table
 * (qsort is not stable: the table index breaks the tie).
 */
typedef struct rawsym { udt_sym_t s; size_t idx; } rawsym_t;

static int name_rank(const char *n)
{
	int r = 0;

	while (n[r] == '_')
		r++;
	return (strchr(n, '@') != NULL ? 1000 : 0) + r;
}

static int raw_cmp(const void *a, const void *b)
{
	const rawsym_t *x = a, *y = b;
	int rx, ry;

	if (x->s.addr != y->s.addr)
		return x->s.addr < y->s.addr ? -1 : 1;
	if (x->s.global != y->s.global)
		return x->s.global ? -1 : 1;
	rx = name_rank(x->s.name);
	ry = name_rank(y->s.name);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Sized functions of one symbol table, sorted, one per address. */
static int load_syms(udt_elf_t *e, Elf *elf, Elf_Scn *scn)
{
	GElf_Shdr sh;
	Elf_Data *data;
	size_t n, k = 0;
	rawsym_t *raw;

	if (gelf_getshdr(scn, &sh) == NULL || (data = elf_getdata(scn, NULL)) == NULL)
		return -1;
	n = sh.sh_size / sh.sh_entsize;
	raw = calloc(n ? n : 1, sizeof(*raw));
	if (raw == NULL)
		return -1;
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		int type, bind;
		const char *name;

		if (gelf_getsym(data, (int)i, &s) == NULL)
			continue;
		type = GELF_ST_TYPE(s.st_info);
		bind = GELF_ST_BIND(s.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s.st_size == 0 ||
		    s.st_shndx == SHN_UNDEF || s.st_value == 0)
			continue;
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		if (name == NULL || *name == '\0')
			continue;
		raw[k].s.name = name;
		raw[k].s.addr = s.st_value;
		raw[k].s.size = s.st_size;
		raw[k].s.global = bind == STB_GLOBAL || bind == STB_WEAK;
		raw[k].idx = i;
		k++;
	}
	qsort(raw, k, sizeof(*raw), raw_cmp);
	e->syms = calloc(k ? k : 1, sizeof(*e->syms));
	if (e->syms == NULL) {
		free(raw);
		return -1;
	}
	e->nsyms = 0;
	size_t vlen = 0;
	for (size_t i = 0; i < k; i++) {
		if (e->nsyms > 0 && e->syms[e->nsyms - 1].addr == raw[i].s.addr)
			continue;
		e->syms[e->nsyms++] = raw[i].s;
		if (strchr(raw[i].s.name, '@') != NULL)
			vlen += strlen(raw[i].s.name) + 1;
	}
	free(raw);
	/* "__libc_start_main@@GLIBC_2.34" is __libc_start_main to a D user */
	if (vlen > 0 && (e->unversioned = malloc(vlen)) != NULL) {
		char *w = e->unversioned;
		for (size_t i = 0; i < e->nsyms; i++) {
			const char *at = strchr(e->syms[i].name, '@');
			if (at == NULL)
				continue;
			size_t n = (size_t)(at - e->syms[i].name);
			memcpy(w, e->syms[i].name, n);
			w[n] = '\0';
			e->syms[i].name = w;
			w += n + 1;
		}
	}
	return 0;
}

static int load_segs(udt_elf_t *e)
{
	size_t n;

	if (elf_getphdrnum(e->elf, &n) != 0)
		return -1;
	e->segs = calloc(n ? n : 1, sizeof(*e->segs));
	if (e->segs == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(e->elf, (int)i, &ph) == NULL)
			return -1;
		if (ph.p_type != PT_LOAD)
			continue;
		/* a truncated file: the segment must be in it */
		if (ph.p_offset + ph.p_filesz > e->imagelen ||
		    ph.p_offset + ph.p_filesz < ph.p_offset)
			return -1;
		e->segs[e->nsegs++] = (seg_t){ ph.p_vaddr, ph.p_offset, ph.p_filesz,
		    ph.p_memsz, ph.p_align };
	}
	return 0;
}

static udt_elf_t *elf_load(const char *path, const struct stat *st,
    char *err, size_t errlen)
{
	udt_elf_t *e = calloc(1, sizeof(*e));
	GElf_Ehdr eh;
	Elf_Scn *scn;

	if (e == NULL || (e->path = strdup(path)) == NULL) {
		free(e);
		snprintf(err, errlen, "failed to open %s: %s", path, strerror(ENOMEM));
		return NULL;
	}
	e->fd = e->dfd = -1;
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->mtime = st->st_mtim;
	e->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (e->fd < 0) {
		snprintf(err, errlen, "failed to open %s: %s", path, strerror(errno));
		elf_free(e);
		return NULL;
	}
	e->elf = elf_begin(e->fd, ELF_C_READ_MMAP, NULL);
	if (e->elf == NULL || elf_kind(e->elf) != ELF_K_ELF ||
	    gelf_getehdr(e->elf, &eh) == NULL ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != EM_X86_64 ||
	    (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)) {
		snprintf(err, errlen, "%s is not an ELF file", path);
		elf_free(e);
		return NULL;
	}
	e->pie = eh.e_type == ET_DYN;
	e->image = (const uint8_t *)elf_rawfile(e->elf, &e->imagelen);
	if (e->image == NULL || load_segs(e) != 0 || e->nsegs == 0) {
		snprintf(err, errlen, "%s is not an ELF file", path);
		elf_free(e);
		return NULL;
	}
	if ((scn = find_symtab(e->elf, SHT_SYMTAB)) != NULL) {
		if (load_syms(e, e->elf, scn) != 0)
			goto bad;
	} else {
		find_debuginfo(e);
		if (e->delf != NULL && load_syms(e, e->delf,
		    find_symtab(e->delf, SHT_SYMTAB)) == 0) {
			/* loaded from the debuginfo file */
		} else if ((scn = find_symtab(e->elf, SHT_DYNSYM)) != NULL) {
			if (load_syms(e, e->elf, scn) != 0)
				goto bad;
		}
	}
	return e;
bad:
	snprintf(err, errlen, "%s is not an ELF file", path);
	elf_free(e);
	return NULL;
}

udt_elf_t *sym_elf(const char *path, char *err, size_t errlen)
{
	struct stat st;
	udt_elf_t *e;
	char dummy[1];

	if (err == NULL || errlen == 0) {
		err = dummy;
		errlen = sizeof(dummy);
	}
	if (path == NULL || stat(path, &st) != 0) {
		snprintf(err, errlen, "failed to open %s: %s", path ? path : "(null)",
		    strerror(path ? errno : EINVAL));
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s is not an ELF file", path);
		return NULL;
	}
	pthread_mutex_lock(&cache_lock);
	if (!elf_ready) {
		if (elf_version(EV_CURRENT) == EV_NONE) {
			pthread_mutex_unlock(&cache_lock);
			snprintf(err, errlen, "failed to open %s: %s", path,
			    elf_errmsg(-1));
			return NULL;
		}
		elf_ready = 1;
	}
	for (e = cache; e != NULL; e = e->next) {
		if (e->ino == st.st_ino && e->dev == st.st_dev &&
		    e->mtime.tv_sec == st.st_mtim.tv_sec &&
		    e->mtime.tv_nsec == st.st_mtim.tv_nsec &&
		    strcmp(e->path, path) == 0)
			break;
	}
	if (e == NULL && (e = elf_load(path, &st, err, errlen)) != NULL) {
		e->next = cache;
		cache = e;
	}
	pthread_mutex_unlock(&cache_lock);
	return e;
}

const char *sym_elf_path(const udt_elf_t *e)
{
	return e->path;
}

void sym_elf_handles(udt_elf_t *e, Elf **obj, Elf **debug)
{
	pthread_mutex_lock(&cache_lock);
	if (e->delf == NULL && !e->dbg_tried) {
		e->dbg_tried = 1;
		find_debuginfo(e);
	}
	pthread_mutex_unlock(&cache_lock);
	*obj = e->elf;
	*debug = e->delf;
}

int sym_elf_is_pie(const udt_elf_t *e)
{
	return e->pie;
}

int sym_elf_same_file(const udt_elf_t *e, uint64_t dev, uint64_t ino)
{
	return (uint64_t)e->ino == ino && (uint64_t)e->dev == dev;
}

size_t sym_funcs(udt_elf_t *e, const udt_sym_t **syms)
{
	*syms = e->syms;
	return e->nsyms;
}

/* Symbols nested in an earlier, larger one are rare: look back this far. */
#define NEST_LOOKBACK 8

const udt_sym_t *sym_func_at(udt_elf_t *e, uint64_t vaddr)
{
	size_t lo = 0, hi = e->nsyms;

	/* lo = number of symbols starting at or below vaddr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (e->syms[mid].addr <= vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo, k = 0; i > 0 && k < NEST_LOOKBACK; i--, k++) {
		const udt_sym_t *s = &e->syms[i - 1];
		if (vaddr - s->addr < s->size)
			return s;
	}
	return NULL;
}

int64_t sym_vaddr_to_off(udt_elf_t *e, uint64_t vaddr)
{
	for (size_t i = 0; i < e->nsegs; i++) {
		const seg_t *s = &e->segs[i];
		if (vaddr >= s->vaddr && vaddr - s->vaddr < s->filesz)
			return (int64_t)(s->off + (vaddr - s->vaddr));
	}
	return -1;
}

const uint8_t *sym_code(udt_elf_t *e, uint64_t vaddr, size_t len)
{
	for (size_t i = 0; i < e->nsegs; i++) {
		const seg_t *s = &e->segs[i];
		uint64_t d = vaddr - s->vaddr;

		if (vaddr < s->vaddr || d >= s->filesz)
			continue;
		if (len > s->filesz - d || s->off + d + len > e->imagelen)
			return NULL;
		return e->image + s->off + d;
	}
	return NULL;
}

/* Is this mapping of our file? By path, else by device and inode. */
static int map_is_ours(const udt_elf_t *e, const udt_map_t *m)
{
	if (m->path == NULL || m->path[0] == '\0')
		return 0;
	if (strcmp(m->path, e->path) == 0)
		return 1;
	return m->ino != 0 && m->ino == (uint64_t)e->ino &&
	    (m->dev == (uint64_t)e->dev || m->dev == 0);
}

int sym_bias(udt_elf_t *e, const udt_map_t *maps, size_t nmaps, uint64_t *bias)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t pmask = (uint64_t)(pg > 0 ? pg : 4096) - 1;

	/*
	 * The lowest mapping whose file offset falls in a segment: its start
	 * minus the segment's vaddr-offset distance gives the bias.
	 */
	for (size_t i = 0; i < nmaps; i++) {
		const udt_map_t *m = &maps[i];

		if (!map_is_ours(e, m))
			continue;
		for (size_t j = 0; j < e->nsegs; j++) {
			const seg_t *s = &e->segs[j];
			if ((s->off & ~pmask) <= m->off &&
			    m->off < s->off + (s->filesz ? s->filesz : 1)) {
				*bias = m->start - m->off - (s->vaddr - s->off);
				return 0;
			}
		}
	}
	return -1;
}

void sym_elf_flush(void)
{
	udt_elf_t *e, *next;

	pthread_mutex_lock(&cache_lock);
	for (e = cache; e != NULL; e = next) {
		next = e->next;
		elf_free(e);
	}
	cache = NULL;
	pthread_mutex_unlock(&cache_lock);
}
