/*
 * handle.c — the public library API of include/udtrace/udtrace.h: the
 * handle's life cycle, compiling, enabling, listing and the final output.
 *
 * Owns: turning compile and enable failures into dtrace's message texts,
 * the per-handle output state, printing drained buffer entries (records
 * through out_firing, faults as §8.1 error lines, drop counts; in JSON
 * mode faults and drops as JSON objects on the output instead).
 * Must not: run DIF (ecb.c) or schedule probes (loop.c).
 * Invariant: every failing call sets h->errmsg and leaves the handle as
 * it was before the call.
 */
#include "providers/proc.h"
#include "providers/syscall_count.h"
#include "handle.h"
#include "profile_sample.h"
#include "json.h"
#include "d/dcomp.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

_Static_assert((int)UDT_PROG_SCRIPT == (int)D_PROG_SCRIPT &&
    (int)UDT_PROG_ID == (int)D_PROG_ID, "program kinds must agree");

static void seterr(udt_handle_t *h, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void seterr(udt_handle_t *h, const char *fmt, ...)
{
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(h->errmsg, sizeof(h->errmsg), fmt, ap);
	va_end(ap);
	free(h->errlong);
	h->errlong = NULL;
	if (n >= (int)sizeof(h->errmsg) &&
	    (h->errlong = malloc((size_t)n + 1)) != NULL)
		vsnprintf(h->errlong, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
}

/*
 * Records out_firing leaves to the library: the aggregation actions act
 * on the table of the program whose entry is being printed.
 */
static void handle_libact(void *arg, const d_recdesc_t *d, const void *data,
    size_t len, const d_recdesc_t *const *args, const void *const *argdata,
    int nargs)
{
	udt_handle_t *h = arg;
	agg_table_t *t = h->drain_prog != NULL ? h->drain_prog->agg : NULL;
	int64_t n = 0;

	if (handle_actions(h, d, data, len, args, argdata, nargs))
		return;

	(void)args;
	(void)argdata;
	(void)nargs;
	if (len >= 8)
		memcpy(&n, data, 8);
	switch (d->action) {
	case D_ACT_PRINTA:
		(void)agg_printa(h->out.fp, t, d->aggs, (int)d->naggs, d->fmt,
		    &h->opts);
		break;
	case D_ACT_CLEAR:
		agg_clear(t, d->agg);
		break;
	case D_ACT_TRUNC:
		agg_trunc(t, d->agg, d->has_arg && len >= 8, n, &h->opts);
		break;
	case D_ACT_NORMALIZE:
		agg_normalize(t, d->agg, n);
		break;
	case D_ACT_DENORMALIZE:
		agg_normalize(t, d->agg, 1);
		break;
	case D_ACT_AGG:   /* applied when the clause ran */
	default:
		break;
	}
}

udt_handle_t *udt_open(void)
{
	udt_handle_t *h = calloc(1, sizeof(*h));
	if (h == NULL)
		return NULL;
	opts_init(&h->opts);
	h->outfp = stdout;
	h->errfp = stderr;
	h->out.fp = stdout;
	h->out.opts = &h->opts;
	h->out.libact = handle_libact;
	h->out.libact_arg = h;
	act_init(&h->act);
	probe_reg_init(&h->reg);
	if (provider_dtrace_register(&h->reg) != 0 ||
	    provider_profile_register(&h->reg) != 0 ||
	    provider_proc_register(h) != 0 ||
	    provider_syscall_register(h) != 0) {
		provider_proc_fini(h);
		probe_reg_fini(&h->reg);
		free(h->sysst);
		free(h);
		return NULL;
	}
	h->pid = (int32_t)getpid();
	h->ppid = (int32_t)getppid();
	h->uid = (uint32_t)getuid();
	h->gid = (uint32_t)getgid();
	FILE *f = fopen("/proc/self/comm", "r");
	if (f != NULL) {
		if (fgets(h->execname, sizeof(h->execname), f) == NULL)
			h->execname[0] = '\0';
		fclose(f);
		h->execname[strcspn(h->execname, "\n")] = '\0';
	}
	if (h->execname[0] == '\0')
		snprintf(h->execname, sizeof(h->execname), "%s", UDT_PROGNAME);
	return h;
}

void udt_close(udt_handle_t *h)
{
	if (h == NULL)
		return;
	/* every byte patched into a target is restored before anything else */
	profile_sample_fini(h);
	procs_release_all(h);
	pid_state_free(h);
	usdt_state_free(h);
	provider_proc_fini(h);
	syscall_state_free(h);
	for (size_t i = 0; i < h->necbs; i++)
		free(h->ecbs[i]);
	free(h->ecbs);
	udt_prog_t *p = h->progs;
	while (p != NULL) {
		udt_prog_t *next = p->next;
		if (p->st)
			dif_state_destroy(p->st);
		agg_table_destroy(p->agg);
		if (p->dp)
			d_program_free(p->dp);
		free(p->name);
		free(p);
		p = next;
	}
	for (int i = 0; i < h->ncppargs; i++)
		free(h->cppargs[i]);
	free(h->cppargs);
	for (size_t i = 0; h->env != NULL && h->env[i] != NULL; i++)
		free(h->env[i]);
	free(h->env);
	free(h->timers);
	act_fini(&h->act);
	json_fini(&h->out);
	buf_fini(&h->buf);
	spec_fini(&h->spec);
	probe_reg_fini(&h->reg);
	free(h->errlong);
	free(h);
}

const char *udt_errmsg(const udt_handle_t *h)
{
	/* other writers fill errmsg directly: errlong is stale once they do */
	if (h->errlong != NULL &&
	    strncmp(h->errlong, h->errmsg, sizeof(h->errmsg) - 1) == 0)
		return h->errlong;
	return h->errmsg;
}

/*
 * dt_opt_setenv: drop every entry of that name from the environment -c
 * commands get, then (setenv) add "NAME=value" (or a bare "NAME").
 */
static int edit_env(udt_handle_t *h, const char *arg, int set)
{
	extern char **environ;
	size_t n = 0, len = strcspn(arg, "=");
	if (h->env == NULL) {
		for (char **e = environ; e != NULL && *e != NULL; e++)
			n++;
		if ((h->env = calloc(n + 1, sizeof(char *))) == NULL)
			return -1;
		for (size_t i = 0; i < n; i++)
			if ((h->env[i] = strdup(environ[i])) == NULL)
				return -1;
	}
	n = 0;
	for (size_t i = 0; h->env[i] != NULL; i++) {
		if (strncmp(h->env[i], arg, len) == 0 &&
		    (h->env[i][len] == '=' || h->env[i][len] == '\0'))
			free(h->env[i]);
		else
			h->env[n++] = h->env[i];
	}
	h->env[n] = NULL;
	if (!set)
		return 0;
	char **ne = realloc(h->env, (n + 2) * sizeof(char *));
	if (ne == NULL)
		return -1;
	h->env = ne;
	if ((ne[n] = strdup(arg)) == NULL)
		return -1;
	ne[n + 1] = NULL;
	return 0;
}

/*
 * -x core (dt_coredump): at exit, abort with a core dump, the core
 * size limit raised as far as the hard limit lets it.
 */
static void force_coredump(void)
{
	static const char msg[] = "libudtrace DEBUG: [ forcing coredump ]\n";
	struct sigaction act;
	struct rlimit lim = { RLIM_INFINITY, RLIM_INFINITY };

	ssize_t w = write(STDERR_FILENO, msg, sizeof(msg) - 1);
	(void)w;   /* nothing better to do on the way down */
	memset(&act, 0, sizeof(act));
	act.sa_handler = SIG_DFL;
	sigemptyset(&act.sa_mask);
	sigaction(SIGABRT, &act, NULL);
	setrlimit(RLIMIT_CORE, &lim);
	abort();
}

int udt_setopt(udt_handle_t *h, const char *name, const char *value)
{
	int rc = opts_set(&h->opts, name, value, h->active);
	if (rc != UDT_OPT_OK) {
		seterr(h, "failed to set -x %s: %s", name, opts_strerror(rc));
		return -1;
	}
	static int core_armed;
	if (strcmp(name, "core") == 0 && !core_armed++ &&
	    atexit(force_coredump) != 0) {
		seterr(h, "failed to set -x core: %s", strerror(errno));
		return -1;
	}
	int set = strcmp(name, "setenv") == 0;
	if ((set || strcmp(name, "unsetenv") == 0) &&
	    edit_env(h, value, set) != 0) {
		seterr(h, "failed to set -x %s: Cannot allocate memory", name);
		return -1;
	}
	return 0;
}

#define OPT_U64(n) { #n, offsetof(udt_opts_t, n), 'U' }
#define OPT_I64(n) { #n, offsetof(udt_opts_t, n), 'I' }
#define OPT_U32(n) { #n, offsetof(udt_opts_t, n), 'u' }
#define OPT_INT(n) { #n, offsetof(udt_opts_t, n), 'i' }
static const struct { const char *name; size_t off; char type; } optab[] = {
	OPT_U64(aggsize), OPT_U64(bufsize), OPT_U64(dynvarsize),
	OPT_U64(specsize), OPT_U64(strsize), OPT_U64(scratchsize),
	OPT_U64(aggrate), OPT_U64(cleanrate), OPT_U64(statusrate),
	OPT_U64(switchrate), OPT_I64(aggsortkeypos), OPT_I64(aggsortpos),
	OPT_U32(nspec), OPT_U32(ustackframes), OPT_U32(stackframes),
	OPT_U32(stackindent), OPT_U32(jstackframes), OPT_U32(jstackstrsize),
	OPT_U32(maxframes), OPT_INT(bufpolicy), OPT_INT(evaltime),
	OPT_INT(aggsortkey), OPT_INT(aggsortrev), OPT_INT(agghist),
	OPT_INT(aggpack), OPT_INT(aggzoom), OPT_INT(defaultargs),
	OPT_INT(destructive), OPT_INT(errtags), OPT_INT(flowindent),
	OPT_INT(quiet), OPT_INT(rawbytes), OPT_INT(zdefs), OPT_INT(argref),
	OPT_INT(cpp), OPT_INT(cpphdrs), OPT_INT(stdc), OPT_INT(noresolve),
	OPT_INT(verbose), OPT_INT(lockmem), OPT_INT(empty), OPT_INT(oformat),
};

int udt_getopt(udt_handle_t *h, const char *name, int64_t *value)
{
	for (size_t i = 0; i < sizeof(optab) / sizeof(optab[0]); i++) {
		if (strcmp(optab[i].name, name) != 0)
			continue;
		const char *f = (const char *)&h->opts + optab[i].off;
		switch (optab[i].type) {
		case 'U': *value = (int64_t)*(const uint64_t *)(const void *)f; break;
		case 'I': *value = *(const int64_t *)(const void *)f; break;
		case 'u': *value = *(const uint32_t *)(const void *)f; break;
		default:  *value = *(const int *)(const void *)f; break;
		}
		return 0;
	}
	if (strcmp(name, "bufresize") == 0) {
		*value = h->opts.bufresize_manual;
		return 0;
	}
	seterr(h, "failed to get option %s: %s", name,
	    opts_strerror(UDT_OPT_BADNAME));
	return -1;
}

void udt_set_output(udt_handle_t *h, FILE *fp)
{
	h->outfp = fp ? fp : stdout;
	h->out.fp = h->outfp;
}

void udt_set_errfp(udt_handle_t *h, FILE *fp)
{
	h->errfp = fp ? fp : stderr;
}

int udt_add_cppopt(udt_handle_t *h, const char *arg)
{
	char **na = realloc(h->cppargs, (size_t)(h->ncppargs + 1) * sizeof(*na));
	if (na == NULL)
		goto nomem;
	h->cppargs = na;
	if ((na[h->ncppargs] = strdup(arg)) == NULL)
		goto nomem;
	h->ncppargs++;
	return 0;
nomem:
	seterr(h, "failed to add cpp option %s: Cannot allocate memory", arg);
	return -1;
}

/* `#pragma D option name[=value]`: the option applies to the whole handle. */
static int pragma_setopt(d_cc_t *cc, void *arg, const char *name,
    const char *value, int line)
{
	udt_handle_t *h = arg;
	int rc = opts_set_in_program(&h->opts, name, value);
	if (rc != UDT_OPT_OK)
		d_error(cc, line, "D_PRAGMA_OPTSET",
		    "failed to set option '%s' to '%s': %s", name,
		    value ? value : "", opts_strerror(rc));
	/*
	 * The option takes effect for the rest of the script: the compiler's
	 * copies of the options it reads are refreshed here, as DTrace does.
	 */
	cc->defaultargs = h->opts.defaultargs;
	cc->empty = h->opts.empty;
	cc->pspec = h->opts.pspec;
	cc->argref = h->opts.argref;
	cc->zdefs = cc->zdefs || h->opts.zdefs;
	cc->strsize = (int)h->opts.strsize;
	cc->ustackframes = (int)h->opts.ustackframes;
	cc->stackframes = (int)h->opts.stackframes;
	cc->jstackframes = (int)h->opts.jstackframes;
	/* dt_reduce: names newer than the version go for the rest too */
	cc->version = h->opts.version;
	return 0;
}

/*
 * The words of a message before the program's name, as dtrace puts them;
 * the name (a whole -n program) follows unabridged, then ": ".
 */
static const char *compile_prefix(int kind)
{
	return kind == UDT_PROG_SCRIPT ? "failed to compile script " :
	    "invalid probe specifier ";
}

udt_prog_t *udt_prog_adopt(udt_handle_t *h, d_program_t *dp, int kind,
    const char *name, unsigned cflags)
{
	udt_prog_t *p = calloc(1, sizeof(*p));
	if (p == NULL || (p->name = strdup(name ? name : "")) == NULL) {
		free(p);
		seterr(h, "Cannot allocate memory");
		return NULL;
	}
	p->dp = dp;
	p->kind = kind;
	p->cflags = cflags;
	if (h->progs_tail)
		h->progs_tail->next = p;
	else
		h->progs = p;
	h->progs_tail = p;
	return p;
}

/*
 * The objects the traced processes map, $target's executable first: the
 * compiler reads the program's own types from their DWARF.
 */
static int traced_objects(udt_handle_t *h, char ***out)
{
	char **v = NULL;
	int n = 0, cap = 0;
	for (size_t i = 0; i < h->procs.n; i++) {
		udt_tproc_t *t = h->procs.v[i];
		const udt_map_t *maps;
		size_t nm;
		if (!t->user || !t->alive || t->proc == NULL)
			continue;
		const char *exe = proc_exe(t->proc);
		if (proc_maps(t->proc, &maps, &nm) != 0)
			nm = 0;
		for (size_t j = 0; j <= nm; j++) {
			const char *path = j == 0 ? exe : maps[j - 1].path;
			if (path == NULL || path[0] != '/' ||
			    (j > 0 && !(maps[j - 1].prot & PROT_EXEC)))
				continue;
			int dup = 0;
			for (int k = 0; k < n && !dup; k++)
				dup = strcmp(v[k], path) == 0;
			if (dup)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				char **nv = realloc(v, sizeof(char *) * (size_t)cap);
				if (nv == NULL)
					break;
				v = nv;
			}
			if ((v[n] = strdup(path)) != NULL)
				n++;
		}
	}
	*out = v;
	return n;
}

/* args[] widths for the compiler, from the USDT provider's notes. */
static int compile_argwidths(void *arg, const struct d_pdesc *d, int *size,
    int *sgn, int max)
{
	return usdt_argtypes(arg, d, size, sgn, max);
}

/* args[] a provider declares (proc), for the compiler. */
static int compile_provargs(void *arg, const struct d_pdesc *d,
    const char **types, int *xl, int max)
{
	(void)arg;
	if (strcmp(d->prov, "proc") != 0 || d->mod[0] != '\0' ||
	    d->func[0] != '\0')
		return -1;
	return proc_argtypes(d->name, types, xl, max);
}

/* #pragma D depends_on provider: a provider that has (or makes) a probe */
static int compile_has_provider(void *arg, const char *name)
{
	udt_handle_t *h = arg;
	d_pdesc_t d;
	memset(&d, 0, sizeof(d));
	if (strlen(name) >= sizeof(d.prov))
		return 0;
	strcpy(d.prov, name);
	if (probe_provide(&h->reg, &d) != 0)
		return 0;
	return probe_iter(&h->reg, &d, NULL, NULL) > 0;
}

static void free_objects(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static const char *progname = "udtrace";

const char *udt_progname(void)
{
	return progname;
}

void udt_set_progname(const char *argv0)
{
	const char *slash = argv0 != NULL ? strrchr(argv0, '/') : NULL;
	const char *base = slash != NULL ? slash + 1 : argv0;
	if (base != NULL && *base != '\0')
		progname = base;
}

void udt_set_arg0(udt_handle_t *h, const char *arg0)
{
	h->arg0 = arg0;
}

udt_prog_t *udt_compile(udt_handle_t *h, int kind, const char *text,
    const char *name, int argc, char *const argv[], unsigned cflags)
{
	char msg[4096];
	d_cc_t cc;
	d_program_t *dp = NULL;
	unsigned char *argused = calloc((size_t)argc + 1, 1);

	if (argused == NULL) {
		seterr(h, "Cannot allocate memory");
		return NULL;
	}
	if (name == NULL)
		name = text;
	d_cc_init(&cc);
	cc.src = text;
	cc.srcname = name;
	cc.arg0 = kind == UDT_PROG_SCRIPT ? name : h->arg0;
	cc.kind = kind;
	cc.argc = argc;
	cc.argv = argv;
	cc.argused = argused;
	cc.macros.pid = getpid();
	cc.macros.ppid = getppid();
	cc.macros.uid = getuid();
	cc.macros.gid = getgid();
	cc.macros.euid = geteuid();
	cc.macros.egid = getegid();
	cc.macros.pgid = getpgid(0);
	cc.macros.sid = getsid(0);
	cc.macros.target = h->procs.target;
	cc.defaultargs = h->opts.defaultargs;
	cc.empty = h->opts.empty;
	cc.pspec = h->opts.pspec;
	cc.argref = h->opts.argref;
	cc.strsize = (int)h->opts.strsize;
	cc.ustackframes = (int)h->opts.ustackframes;
	cc.stackframes = (int)h->opts.stackframes;
	cc.jstackframes = (int)h->opts.jstackframes;
	cc.argwidths = compile_argwidths;
	cc.argwidths_arg = h;
	cc.provargs = compile_provargs;
	cc.provargs_arg = h;
	char **objs = NULL;
	cc.ndwobjs = traced_objects(h, &objs);
	cc.dwobjs = (const char *const *)objs;
	cc.cpp = h->opts.cpp || (cflags & UDT_C_CPP);
	cc.stdc = h->opts.stdc;
	cc.version = h->opts.version;
	cc.cppargs = (const char *const *)h->cppargs;
	cc.ncppargs = h->ncppargs;
	cc.zdefs = h->opts.zdefs || (cflags & UDT_C_ZDEFS);
	cc.setopt = pragma_setopt;
	cc.setopt_arg = h;
	cc.has_provider = compile_has_provider;
	cc.has_provider_arg = h;
	/*
	 * dt_lib_path: the system directory first, then the -L ones, none
	 * at all with -x nolibs (DTRACE_C_NOLIBS skips dt_load_libs).
	 */
	char libdirs[sizeof(h->opts.syslibdir) + sizeof(h->opts.libdir)];
	size_t sl = strlen(h->opts.syslibdir);
	memset(libdirs, 0, sizeof(libdirs));
	if (!h->opts.nolibs) {
		if (sl > 0)
			memcpy(libdirs, h->opts.syslibdir, sl + 1);
		memcpy(libdirs + (sl > 0 ? sl + 1 : 0), h->opts.libdir,
		    sizeof(h->opts.libdir));
	}
	cc.libdirs = libdirs;

	if (d_compile(&cc, &dp) != 0) {
		d_format_error(&cc, h->opts.errtags, msg, sizeof(msg));
		seterr(h, "%s%s: %s", compile_prefix(kind), name, msg);
		goto fail;
	}
	free_objects(objs, cc.ndwobjs);
	d_cc_fini(&cc);
	free(argused);
	udt_prog_t *p = udt_prog_adopt(h, dp, kind, name, cflags);
	if (p == NULL)
		d_program_free(dp);
	return p;
fail:
	free_objects(objs, cc.ndwobjs);
	d_cc_fini(&cc);
	free(argused);
	return NULL;
}

/* The clocks a DIFO reads (UDT_CLOCK_*), so firings read only those. */
static unsigned difo_clocks(const difo_t *dp)
{
	unsigned c = 0;
	for (size_t i = 0; dp != NULL && i < dp->ntext; i++) {
		if (dp->text[i].op != DIF_LDGS)
			continue;
		switch (dp->text[i].imm) {
		case DIF_VAR_TIMESTAMP: c |= UDT_CLOCK_TS; break;
		case DIF_VAR_VTIMESTAMP: c |= UDT_CLOCK_VTS; break;
		case DIF_VAR_WALLTIMESTAMP: c |= UDT_CLOCK_WTS; break;
		}
	}
	return c;
}

/* Bytes of records one firing of the program can produce at most. */
static size_t prog_recbufsize(const d_program_t *dp)
{
	size_t max = 64;
	for (size_t i = 0; i < dp->nclauses; i++) {
		const difo_t *b = dp->clauses[i].body;
		if (b == NULL)
			continue;
		size_t n = 0;
		for (size_t j = 0; j < b->nrec; j++)
			n += sizeof(dif_rechdr_t) + ((b->rectab[j].size + 7) & ~7u);
		if (n > max)
			max = n;
	}
	return max;
}

/*
 * A provider could not make the probes of d (pid: no such process, a
 * bad offset...): reported like a description matching nothing, with
 * the provider's tag and text.
 */
static void provider_error(udt_handle_t *h, const udt_prog_t *p,
    const d_clause_prog_t *c, const d_pdesc_t *d)
{
	char where[64] = "", tag[48] = "";
	int line = d->line ? d->line : c != NULL ? c->line : 0;

	if (p->kind == UDT_PROG_SCRIPT && line > 0)
		snprintf(where, sizeof(where), "line %d: ", line);
	if (h->opts.errtags && h->prov_tag[0] != '\0')
		snprintf(tag, sizeof(tag), "[%s] ", h->prov_tag);
	seterr(h, "%s%s: %s%s%s", compile_prefix(p->kind), p->name, tag, where,
	    h->prov_err);
	h->prov_err[0] = h->prov_tag[0] = '\0';
}

struct enable_ctx {
	udt_handle_t *h;
	udt_prog_t *p;
	const d_clause_prog_t *c;
	int failed;
};

static int enable_one(udt_probe_t *probe, void *arg)
{
	struct enable_ctx *ec = arg;
	if (ecb_create(ec->h, ec->p, ec->c, probe) == NULL) {
		ec->failed = 1;
		return 1;
	}
	return 0;
}

int udt_enable(udt_handle_t *h, udt_prog_t *p, int *nmatched)
{
	d_program_t *dp = p->dp;
	int zdefs = h->opts.zdefs || (p->cflags & UDT_C_ZDEFS);
	char desc[1024];
	unsigned pneeds0 = h->pneeds;

	if (nmatched)
		*nmatched = 0;
	if (h->active) {
		seterr(h, "failed to enable '%s': tracing is already active",
		    p->name);
		return -1;
	}
	if (p->enabled)
		return 0;
	/*
	 * First pass: the DIF is well formed and every description matches,
	 * before anything changes.
	 */
	for (size_t i = 0; i < dp->nclauses; i++) {
		const d_clause_prog_t *c = &dp->clauses[i];
		char why[256];
		if ((c->pred && dif_verify(c->pred, dp->nvars, why, sizeof(why))) ||
		    (c->body && dif_verify(c->body, dp->nvars, why, sizeof(why)))) {
			seterr(h, "failed to enable '%s': invalid DIF in clause "
			    "at line %d: %s", p->name, c->line, why);
			return -1;
		}
		h->clocks |= difo_clocks(c->pred) | difo_clocks(c->body);
		/* every buffered entry then holds a true timestamp */
		if (h->opts.jsontimestamp || h->opts.temporal)
			h->clocks |= UDT_CLOCK_TS;
		h->pneeds |= pid_difo_needs(c->pred) | pid_difo_needs(c->body);
		for (size_t j = 0; j < c->ndescs; j++) {
			const d_pdesc_t *d = &c->descs[j];
			if (pid_provide(h, d) != 0 || usdt_provide(h, d) != 0 ||
			    proc_provide(h, d) != 0) {
				provider_error(h, p, c, d);
				return -1;
			}
			if (probe_provide(&h->reg, d) != 0) {
				seterr(h, "failed to enable '%s': "
				    "Cannot allocate memory", p->name);
				return -1;
			}
			if (zdefs || probe_iter(&h->reg, d, NULL, NULL) > 0)
				continue;
			probe_desc_str(d, desc, sizeof(desc));
			int line = d->line ? d->line : c->line;
			char where[64] = "";
			if (p->kind == UDT_PROG_SCRIPT && line > 0)
				snprintf(where, sizeof(where), "line %d: ", line);
			seterr(h, "%s%s: %s%sprobe description %s does not "
			    "match any probes", compile_prefix(p->kind), p->name,
			    h->opts.errtags ? "[D_PDESC_ZERO] " : "", where, desc);
			return -1;
		}
	}
	dif_limits_t lim = {
		.strsize = (size_t)h->opts.strsize,
		.scratchsize = (size_t)h->opts.scratchsize,
		.dynvarsize = (size_t)h->opts.dynvarsize,
		.recbufsize = prog_recbufsize(dp),
	};
	p->st = dif_state_create(dp->vars, dp->nvars, &lim);
	if (p->st == NULL) {
		seterr(h, "failed to enable '%s': Cannot allocate memory",
		    p->name);
		return -1;
	}
	if (dp->naggs > 0 && p->agg == NULL &&
	    (p->agg = agg_table_create(dp, (size_t)h->opts.aggsize)) == NULL) {
		seterr(h, "failed to enable '%s': Cannot allocate memory",
		    p->name);
		return -1;
	}
	/* sites planted for earlier programs carry what this one reads too */
	if (h->pneeds != pneeds0 && pid_replant(h) != 0) {
		seterr(h, "failed to enable '%s': %s", p->name, h->prov_err);
		h->prov_err[0] = '\0';
		return -1;
	}
	int n = 0;
	for (size_t i = 0; i < dp->nclauses; i++) {
		struct enable_ctx ec = { h, p, &dp->clauses[i], 0 };
		for (size_t j = 0; j < dp->clauses[i].ndescs; j++) {
			const d_pdesc_t *d = &dp->clauses[i].descs[j];
			n += (int)probe_iter(&h->reg, d, enable_one, &ec);
			if (ec.failed) {
				seterr(h, "failed to enable '%s': "
				    "Cannot allocate memory", p->name);
				return -1;
			}
			/* a site the backend refused (planting happens here) */
			if (h->prov_err[0] != '\0') {
				seterr(h, "failed to enable '%s': %s", p->name,
				    h->prov_err);
				h->prov_err[0] = '\0';
				return -1;
			}
			if (pid_note_enabling(h, p, &dp->clauses[i], d) != 0 ||
			    usdt_note_enabling(h, p, &dp->clauses[i], d) != 0) {
				seterr(h, "failed to enable '%s': "
				    "Cannot allocate memory", p->name);
				return -1;
			}
		}
	}
	/*
	 * Every ECB of this program exists now: sites whose programs all only
	 * count may be counted by the backend (site.counted), others not.
	 */
	if (pid_replant(h) != 0) {
		seterr(h, "failed to enable '%s': %s", p->name, h->prov_err);
		h->prov_err[0] = '\0';
		return -1;
	}
	/* the backend reports the system calls now enabled */
	if (syscall_sync(h) != 0) {
		seterr(h, "failed to enable '%s': %s", p->name, h->prov_err);
		h->prov_err[0] = '\0';
		return -1;
	}
	prog_stability(h, p);
	p->enabled = 1;
	if (nmatched)
		*nmatched = n;
	return 0;
}

static const char *desc_title(const d_clause_prog_t *c, char *buf,
    size_t len)
{
	if (c->ndescs == 0) {
		snprintf(buf, len, "(no description)");
	} else if (c->descs[0].text != NULL) {
		snprintf(buf, len, "%s", c->descs[0].text);
	} else {
		probe_desc_str(&c->descs[0], buf, len);
	}
	return buf;
}

void udt_disasm(udt_handle_t *h, udt_prog_t *p, FILE *fp)
{
	(void)h;
	const d_program_t *dp = p->dp;
	for (size_t i = 0; i < dp->nclauses; i++) {
		const d_clause_prog_t *c = &dp->clauses[i];
		char d[600], title[700];
		desc_title(c, d, sizeof(d));
		if (c->pred != NULL) {
			snprintf(title, sizeof(title), "%s predicate", d);
			dif_disasm(fp, title, c->pred, dp->vars, dp->nvars);
		}
		if (c->body != NULL) {
			snprintf(title, sizeof(title), "%s actions", d);
			dif_disasm(fp, title, c->body, dp->vars, dp->nvars);
		}
	}
}

static int list_one(udt_probe_t *pr, void *arg)
{
	fprintf((FILE *)arg, "%5u %10s %17s %33s %s\n", pr->id, pr->prov,
	    pr->mod, pr->func, pr->name);
	return 0;
}

int udt_list(udt_handle_t *h, udt_prog_t *p, FILE *out, FILE *err)
{
	/* One header however many programs are listed, as dtrace -l -n a -n b. */
	if (!h->list_header_done) {
		fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER",
		    "MODULE", "FUNCTION", "NAME");
		h->list_header_done = 1;
	}
	if (p == NULL) {
		for (size_t i = 0; i < h->reg.nprobes; i++)
			list_one(h->reg.probes[i], out);
		return 0;
	}
	const d_program_t *dp = p->dp;
	for (size_t i = 0; i < dp->nclauses; i++) {
		const d_clause_prog_t *c = &dp->clauses[i];
		for (size_t j = 0; j < c->ndescs; j++) {
			const d_pdesc_t *d = &c->descs[j];
			if (pid_provide(h, d) != 0 || usdt_provide(h, d) != 0) {
				provider_error(h, p, c, d);
				return -1;
			}
			if (probe_provide(&h->reg, d) != 0) {
				seterr(h, "failed to list probes: "
				    "Cannot allocate memory");
				return -1;
			}
			if (probe_iter(&h->reg, d, list_one, out) == 0) {
				char desc[1024];
				probe_desc_str(d, desc, sizeof(desc));
				fflush(out);
				fprintf(err, "%s: failed to match %s: No probe "
				    "matches description\n", UDT_PROGNAME, desc);
			}
		}
	}
	return 0;
}

int handle_actions(udt_handle_t *h, const d_recdesc_t *d, const void *data,
    size_t len, const d_recdesc_t *const *args, const void *const *argdata,
    int nargs)
{
	const udt_ecb_t *e = h->drain_ecb;
	act_ctx_t c = { &h->opts, h->out.fp, h->errfp, 0, 0, "", "", "", "" };
	if (e != NULL) {
		c.epid = e->epid;
		c.probe_id = e->probe->id;
		c.prov = e->probe->prov;
		c.mod = e->probe->mod;
		c.func = e->probe->func;
		c.name = e->probe->name;
	}
	return act_run(&h->act, &c, d, data, len, args, argdata, nargs);
}

/* Print one drained entry: a clause's records or a fault line. */
static void print_entry(void *arg, const buf_hdr_t *bh, const void *data)
{
	udt_handle_t *h = arg;
	if (bh->epid == 0 || bh->epid > h->necbs)
		return;
	const udt_ecb_t *e = h->ecbs[bh->epid - 1];
	const udt_probe_t *pr = e->probe;
	h->drain_ecb = e;
	out_probe_t op = { bh->cpu, pr->id, pr->func, pr->name, pr->prov,
	    pr->mod, bh->ts };
	if (bh->kind == BUF_REC) {
		h->drain_prog = e->prog;
		h->out.aggt = e->prog != NULL ? e->prog->agg : NULL;
		out_firing(&h->out, &op, e->clause, data, bh->len);
		h->drain_prog = NULL;
		h->out.aggt = NULL;
		return;
	}
	buf_err_t be;
	memcpy(&be, data, sizeof(be));
	char addr[40] = "", where[40], off[48] = "";
	if (be.fault == DIF_FAULT_BADADDR || be.fault == DIF_FAULT_BADALIGN)
		snprintf(addr, sizeof(addr), " (0x%llx)",
		    (unsigned long long)be.addr);
	if (be.action == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%u", be.action);
	if (be.pc >= 0)
		snprintf(off, sizeof(off), " at DIF offset %lld",
		    (long long)be.pc);
	char line[2048];
	snprintf(line, sizeof(line), "%s: error on enabled probe ID %u (ID %u: "
	    "%s:%s:%s:%s): %s%s in %s%s", UDT_PROGNAME, be.epid, pr->id,
	    pr->prov, pr->mod, pr->func, pr->name, dif_fault_name(be.fault),
	    addr, where, off);
	if (json_mode(&h->opts)) {
		json_fault(h->outfp, be.epid, &op, be.fault, be.addr, be.action,
		    be.pc, line);
		return;
	}
	fflush(h->outfp);
	fprintf(h->errfp, "%s\n", line);
}

/*
 * JSON mode: every count handle_drain reports, as "drop" objects on the
 * output (the one stream a reader follows), then zeroed as the text
 * reporters zero them.
 */
static void report_json(udt_handle_t *h)
{
	char text[256];
	for (int cpu = 0; cpu < BUF_MAX_CPUS; cpu++) {
		uint64_t n = h->buf.drops[cpu];
		if (n == 0)
			continue;
		snprintf(text, sizeof(text), "%s: %llu drop%s on CPU %d",
		    UDT_PROGNAME, (unsigned long long)n, n == 1 ? "" : "s", cpu);
		json_drop(h->outfp, "principal", cpu, n, text);
		h->buf.drops[cpu] = 0;
	}
	for (udt_prog_t *p = h->progs; p != NULL; p = p->next) {
		if (p->st == NULL)
			continue;
		for (int cpu = 0; p->agg != NULL && cpu < AGG_MAXCPU; cpu++) {
			uint64_t n = agg_take_drops(p->agg, cpu);
			if (n == 0)
				continue;
			snprintf(text, sizeof(text), "%s: %llu aggregation "
			    "drop%s on CPU %d", UDT_PROGNAME,
			    (unsigned long long)n, n == 1 ? "" : "s", cpu);
			json_drop(h->outfp, "aggregation", cpu, n, text);
		}
		uint64_t n = dif_take_dynvar_drops(p->st);
		if (n) {
			snprintf(text, sizeof(text), "%s: %llu dynamic variable "
			    "drop%s", UDT_PROGNAME, (unsigned long long)n,
			    n == 1 ? "" : "s");
			json_drop(h->outfp, "dynamic", -1, n, text);
		}
	}
	static const struct { const char *kind, *what, *why; } sp[] = {
		{ "speculative", "speculative drop", "" },
		{ "speculation-busy", "failed speculation",
		  " (available buffer(s) still busy)" },
		{ "speculation-unavailable", "failed speculation",
		  " (no speculative buffer available)" },
	};
	uint64_t *spn[] = { &h->spec.drops, &h->spec.busy, &h->spec.unavail };
	for (int i = 0; i < 3; i++) {
		uint64_t n = *spn[i];
		if (n == 0)
			continue;
		snprintf(text, sizeof(text), "%s: %llu %s%s%s", UDT_PROGNAME,
		    (unsigned long long)n, sp[i].what, n == 1 ? "" : "s",
		    sp[i].why);
		json_drop(h->outfp, sp[i].kind, -1, n, text);
		*spn[i] = 0;
	}
	if (h->error_errors) {
		uint64_t n = h->error_errors;
		snprintf(text, sizeof(text), "%s: %llu error%s in ERROR probe "
		    "enabling", UDT_PROGNAME, (unsigned long long)n,
		    n == 1 ? "" : "s");
		json_drop(h->outfp, "error-enabling", -1, n, text);
		h->error_errors = 0;
	}
}

void handle_drain(udt_handle_t *h)
{
	/* printa, clear and trunc below see the calls the kernel counted */
	syscall_count_flush(h);
	proc_flush(h, 0);
	h->out.fp = h->outfp;
	h->out.opts = &h->opts;
	if (!h->opts.temporal || buf_drain_sorted(&h->buf, print_entry, h) != 0)
		buf_drain(&h->buf, print_entry, h);
	fflush(h->outfp);
	/* hits a uprobe ring lost count as drops of their CPU, like DTrace's */
	udt_backend_t *be = h->procs.be;
	if (be != NULL && be->ops->take_drops != NULL)
		for (int cpu = 0; cpu < BUF_MAX_CPUS; cpu++)
			h->buf.drops[cpu] += be->ops->take_drops(be, cpu);
	if (json_mode(&h->opts)) {
		report_json(h);
		return;
	}
	int tags = h->opts.droptags;
	buf_report_drops(&h->buf, h->errfp, tags);
	for (udt_prog_t *p = h->progs; p != NULL; p = p->next) {
		if (p->st == NULL)
			continue;
		agg_report_drops(p->agg, h->errfp, tags);
		uint64_t n = dif_take_dynvar_drops(p->st);
		if (n)
			fprintf(h->errfp, "%s: %s%llu dynamic variable drop%s\n",
			    UDT_PROGNAME, tags ? "[DTRACEDROP_DYNAMIC] " : "",
			    (unsigned long long)n,
			    n == 1 ? "" : "s");
	}
	spec_report(&h->spec, h->errfp, tags);
	if (h->error_errors) {
		fprintf(h->errfp, "%s: %s%llu error%s in ERROR probe enabling\n",
		    UDT_PROGNAME, tags ? "[DTRACEDROP_DBLERROR] " : "",
		    (unsigned long long)h->error_errors,
		    h->error_errors == 1 ? "" : "s");
		h->error_errors = 0;
	}
	fflush(h->errfp);
}

int udt_go(udt_handle_t *h)
{
	if (h->active || h->stopped) {
		seterr(h, "tracing has already been started");
		return -1;
	}
	/*
	 * As dtrace_go(): destructive permission is checked when tracing
	 * starts, after the programs were enabled (and their matches shown).
	 */
	if (!h->opts.destructive)
		for (udt_prog_t *p = h->progs; p != NULL; p = p->next)
			if (p->enabled && p->dp->destructive) {
				seterr(h, "Destructive actions not allowed");
				return -1;
			}
	/*
	 * dtrace_state_go: grabanon asks for the anonymous state, which a
	 * user-space tracer never has (dtrace_anon.dta_state == NULL).
	 */
	if (h->opts.grabanon) {
		seterr(h, "%s", strerror(ENOENT));
		return -1;
	}
	if (buf_init(&h->buf, (size_t)h->opts.bufsize, h->opts.bufpolicy) != 0) {
		seterr(h, "failed to allocate buffer of %llu bytes",
		    (unsigned long long)h->opts.bufsize);
		return -1;
	}
	if (spec_init(&h->spec, h->opts.nspec, h->opts.specsize) != 0) {
		buf_fini(&h->buf);
		seterr(h, "failed to allocate speculation buffers of %llu bytes",
		    (unsigned long long)h->opts.specsize);
		return -1;
	}
	if (loop_arm(h) != 0 || pid_prepare(h) != 0) {
		buf_fini(&h->buf);
		spec_fini(&h->spec);
		seterr(h, "Cannot allocate memory");
		return -1;
	}
	h->hit.speculation = h->errhit.speculation = spec_hit_cb;
	h->hit.spec_arg = h->errhit.spec_arg = &h->spec;
	h->active = 1;
	ecb_fire_tracer(h, probe_by_id(&h->reg, DTRACE_PROBE_BEGIN), NULL, 0);
	/* BEGIN's output comes before anything else. */
	if (h->buf.policy != UDT_BUF_RING)
		handle_drain(h);
	/* the processes waited, stopped, for BEGIN; exit() there ends it all */
	if (!h->exiting && procs_resume(h) != 0)
		return -1;
	return 0;
}

int udt_stop(udt_handle_t *h)
{
	if (h->stopped)
		return 0;
	h->stopped = 1;
	if (!h->active)
		return 0;
	/* exits that waited for a dumped notice: before END */
	proc_flush(h, 1);
	/* Whatever is buffered precedes END (fill: makes room for it). */
	if (h->buf.policy != UDT_BUF_RING)
		handle_drain(h);
	ecb_fire_tracer(h, probe_by_id(&h->reg, DTRACE_PROBE_END), NULL, 0);
	handle_drain(h);
	h->active = 0;
	return 0;
}

/*
 * The one place that prints aggregations at the end: each program's in
 * order of first appearance, those printa showed left out (§6.4).
 */
int udt_aggregate_print(udt_handle_t *h)
{
	int rc = 0;

	syscall_count_flush(h);
	for (udt_prog_t *p = h->progs; p != NULL; p = p->next)
		if (p->agg != NULL && (json_mode(&h->opts) ?
		    json_agg_final(h->outfp, p->agg, &h->opts) :
		    agg_print_final(h->outfp, p->agg, &h->opts)) != 0)
			rc = -1;
	fflush(h->outfp);
	if (rc != 0)
		seterr(h, "failed to print aggregations");
	return rc;
}

int udt_print_exit(udt_handle_t *h, int status)
{
	if (!json_mode(&h->opts))
		return 0;
	json_exit(h->outfp, status);
	return 1;
}

int udt_exit_status(const udt_handle_t *h)
{
	return h->exit_called ? (h->exit_status & 0xff) : 0;
}
