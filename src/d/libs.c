/*
 * libs.c — D libraries: every *.d file of the -L directories is compiled
 * before the program, in dependency order, as illumos dt_load_libs does
 * (dt_cc.c), so that their inlines, types, translators and enums are in
 * the program's scope.
 *
 * Owns: finding the libraries, their `#pragma D depends_on library`
 * graph and its topological order, compiling each one into the shared
 * declaration tables of the compile (the caller's on_decl).
 * Must not: enable anything of a library: its clauses are compiled, so
 * their errors are the library's, and dropped (illumos compiles a
 * library into a program it destroys, dt_load_libs_dir).
 * Invariant: everything lives in the compile arena; a library whose own
 * dependencies fail (D_PRAGMA_DEPEND) is skipped silently, as illumos
 * skips it; any other error of a library is the compile's error, naming
 * the library ("file", line N) as dt_set_errmsg does with dt_filetag.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "dcomp.h"

typedef struct d_lib {
	const char *path;          /* dir/name.d */
	const char *text;          /* the file's contents */
	const char **deps;         /* paths this library depends on */
	int ndeps;
	int *dependents;           /* indices of libraries depending on this */
	int ndependents;
	int start, finish;         /* depth-first times (dt_topo_sort) */
	int loaded;
} d_lib_t;

struct d_libs {
	d_lib_t *v;
	int n, cap;
	int *order;                /* topological order: indices into v */
	int norder;
};

static const char *next_dir(const char *d)
{
	return d + strlen(d) + 1;
}

/* dt_pragma_depends_finddep: the first directory holding name wins */
static const char *find_dep(d_cc_t *cc, const char *name)
{
	for (const char *d = cc->libdirs; d != NULL && *d != '\0';
	    d = next_dir(d)) {
		char *p = d_sprintf(cc, "%s/%s", d, name);
		struct stat st;
		if (stat(p, &st) == 0)
			return p;
	}
	return NULL;
}

static int lib_index(struct d_libs *L, const char *path)
{
	for (int i = 0; i < L->n; i++)
		if (strcmp(L->v[i].path, path) == 0)
			return i;
	return -1;
}

static char *read_text(d_cc_t *cc, const char *path)
{
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf != NULL) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		char *nb = realloc(buf, cap * 2);
		if (nb == NULL) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = nb;
		cap *= 2;
	}
	int bad = ferror(f);
	fclose(f);
	if (buf == NULL || bad) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	char *t = d_strndup(cc, buf, n);
	free(buf);
	return t;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The control lines of a library, as illumos's DTRACE_C_CTL pass reads
 * them: each `#pragma D depends_on library name` found in the library
 * path is a dependency; the first one not found ends the pass (its
 * D_PRAGMA_DEPEND error is ignored there), so later ones are not seen.
 */
static void scan_depends(d_cc_t *cc, d_lib_t *l)
{
	const char *s = l->text;
	while (*s != '\0') {
		const char *eol = strchr(s, '\n');
		size_t len = eol != NULL ? (size_t)(eol - s) : strlen(s);
		char *line = d_strndup(cc, s, len);
		const char *w[6];
		int nw = 0;
		for (char *tok = strtok(line, " \t\r"); tok != NULL && nw < 6;
		    tok = strtok(NULL, " \t\r"))
			w[nw++] = tok;
		if (nw == 5 && strcmp(w[0], "#pragma") == 0 &&
		    strcmp(w[1], "D") == 0 && strcmp(w[2], "depends_on") == 0 &&
		    strcmp(w[3], "library") == 0) {
			const char *dep = find_dep(cc, w[4]);
			if (dep == NULL)
				return;
			const char **nd = d_alloc(cc, sizeof(*nd) *
			    (size_t)(l->ndeps + 1));
			if (l->ndeps > 0)
				memcpy(nd, l->deps, sizeof(*nd) * (size_t)l->ndeps);
			nd[l->ndeps++] = dep;
			l->deps = nd;
		}
		s += len;
		if (*s == '\n')
			s++;
	}
}

/* dt_load_libs_dir: the *.d files of one directory, names sorted */
static void add_dir(d_cc_t *cc, struct d_libs *L, const char *dir)
{
	DIR *dp = opendir(dir);
	if (dp == NULL)
		return;   /* a missing directory is skipped, as in illumos */
	char **names = NULL;
	size_t nn = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(dp)) != NULL) {
		const char *dot = strrchr(e->d_name, '.');
		if (dot == NULL || strcmp(dot, ".d") != 0)
			continue;
		if (nn == cap) {
			cap = cap ? cap * 2 : 16;
			char **nb = d_alloc(cc, sizeof(*nb) * cap);
			if (nn > 0)
				memcpy(nb, names, sizeof(*nb) * nn);
			names = nb;
		}
		names[nn++] = d_strdup(cc, e->d_name);
	}
	closedir(dp);
	if (nn > 1)
		qsort(names, nn, sizeof(*names), cmp_names);
	for (size_t i = 0; i < nn; i++) {
		/* a name already loaded from an earlier directory wins */
		int dup = 0;
		for (int j = 0; j < L->n && !dup; j++) {
			const char *b = strrchr(L->v[j].path, '/');
			dup = strcmp(b + 1, names[i]) == 0;
		}
		if (dup)
			continue;
		const char *path = d_sprintf(cc, "%s/%s", dir, names[i]);
		char *text = read_text(cc, path);
		if (text == NULL)
			continue;   /* unreadable: skipped, as in illumos */
		if (L->n == L->cap) {
			L->cap = L->cap ? L->cap * 2 : 16;
			d_lib_t *nv = d_alloc(cc, sizeof(*nv) * (size_t)L->cap);
			if (L->n > 0)
				memcpy(nv, L->v, sizeof(*nv) * (size_t)L->n);
			L->v = nv;
		}
		d_lib_t *l = &L->v[L->n++];
		memset(l, 0, sizeof(*l));
		l->path = path;
		l->text = text;
		scan_depends(cc, l);
	}
}

static void topo_visit(d_cc_t *cc, struct d_libs *L, int i, int *count)
{
	d_lib_t *l = &L->v[i];
	l->start = ++*count;
	for (int k = 0; k < l->ndependents; k++)
		if (L->v[l->dependents[k]].start == 0)
			topo_visit(cc, L, l->dependents[k], count);
	l->finish = ++*count;
	/* prepended: a library comes before everything depending on it */
	memmove(L->order + 1, L->order, sizeof(int) * (size_t)L->norder);
	L->order[0] = i;
	L->norder++;
}

/* dt_lib_depend_sort: build the graph, order it, refuse a cycle */
static void sort_libs(d_cc_t *cc, struct d_libs *L)
{
	for (int i = 0; i < L->n; i++) {
		d_lib_t *l = &L->v[i];
		for (int k = 0; k < l->ndeps; k++) {
			int j = lib_index(L, l->deps[k]);
			if (j < 0)
				d_error(cc, 0, "", "Invalid library dependency "
				    "in %s: %s", l->path, l->deps[k]);
			d_lib_t *t = &L->v[j];
			int *nd = d_alloc(cc, sizeof(int) *
			    (size_t)(t->ndependents + 1));
			if (t->ndependents > 0)
				memcpy(nd, t->dependents,
				    sizeof(int) * (size_t)t->ndependents);
			nd[t->ndependents++] = i;
			t->dependents = nd;
		}
	}
	L->order = d_alloc(cc, sizeof(int) * (size_t)(L->n + 1));
	int count = 0;
	for (int i = 0; i < L->n; i++)
		if (L->v[i].start == 0)
			topo_visit(cc, L, i, &count);
	/* a dependent finishing after what it depends on is a back edge */
	for (int i = 0; i < L->n; i++) {
		d_lib_t *l = &L->v[i];
		for (int k = 0; k < l->ndependents; k++) {
			d_lib_t *t = &L->v[l->dependents[k]];
			if (t->finish > l->finish)
				d_error(cc, 0, "", "Cyclic dependency detected: "
				    "%s => %s", l->path, t->path);
		}
	}
}

/*
 * Compile one library into the compile's declaration tables. Returns 0,
 * or -1 when it failed with D_PRAGMA_DEPEND (skipped); any other error
 * goes on to the caller's setjmp with the library named.
 */
static int compile_lib(d_cc_t *cc, d_lib_t *l,
    void (*on_decl)(void *, d_node_t *),
    void (*on_clauses)(void *, d_node_t *), void *arg)
{
	jmp_buf outer;
	memcpy(outer, cc->jb, sizeof(outer));
	const char *src = cc->src;
	int kind = cc->kind, argc = cc->argc, empty = cc->empty;
	char *const *argv = cc->argv;
	unsigned char *argused = cc->argused;
	d_node_t *top = cc->top;

	cc->src = l->text;
	cc->kind = D_PROG_SCRIPT;
	cc->argc = 0;
	cc->argv = NULL;
	cc->argused = NULL;
	cc->empty = 1;            /* DTRACE_C_EMPTY: a library may be empty */
	cc->top = NULL;
	cc->filetag = l->path;
	cc->on_decl = on_decl;
	cc->on_decl_arg = arg;
	int failed = setjmp(cc->jb);
	if (!failed) {
		d_parse(cc);
		cc->on_decl = NULL;
		if (on_clauses != NULL)
			on_clauses(arg, cc->top);
	}
	memcpy(cc->jb, outer, sizeof(outer));
	cc->src = src;
	cc->kind = kind;
	cc->argc = argc;
	cc->argv = argv;
	cc->argused = argused;
	cc->empty = empty;
	cc->top = top;
	cc->filetag = NULL;
	cc->on_decl = NULL;
	if (failed) {
		if (strcmp(cc->errtag, "D_PRAGMA_DEPEND") != 0)
			longjmp(cc->jb, 1);
		return -1;
	}
	return 0;
}

void d_libs_load(d_cc_t *cc, void (*on_decl)(void *, d_node_t *),
    void (*on_clauses)(void *, d_node_t *), void *arg)
{
	if (cc->libdirs == NULL || *cc->libdirs == '\0')
		return;
	struct d_libs *L = d_alloc(cc, sizeof(*L));
	cc->libs = L;
	for (const char *d = cc->libdirs; *d != '\0'; d = next_dir(d))
		add_dir(cc, L, d);
	sort_libs(cc, L);
	for (int k = 0; k < L->norder; k++) {
		d_lib_t *l = &L->v[L->order[k]];
		l->loaded = compile_lib(cc, l, on_decl, on_clauses, arg) == 0;
	}
}

/* dt_pragma_depends, library class, while a library is compiled */
void d_libs_depends(d_cc_t *cc, const char *name, int line)
{
	const char *dep = find_dep(cc, name);
	if (dep == NULL)
		d_error(cc, line, "D_PRAGMA_DEPEND", "failed to find "
		    "dependency in libpath: %s", name);
	struct d_libs *L = cc->libs;
	int j = L != NULL ? lib_index(L, dep) : -1;
	if (j < 0 || !L->v[j].loaded)
		d_error(cc, line, "D_PRAGMA_DEPEND", "program requires "
		    "library \"%s\" which failed to load", dep);
}
