/*
 * procs.c — the handle's traced processes and their backend (see
 * procs.h), and the public udt_proc_create / udt_proc_grab.
 *
 * Owns: the backend's creation (the `backend` option) and destruction,
 * the exit notices of D-REFERENCE §1.2, the symbolizer hook that lets
 * usym/ustack text name the traced processes' symbols, and the release
 * order of decision 4: backend first (every site removed), then each
 * process (patches restored, detached), a -c child killed last.
 * Must not: print records (the drain does) or touch probes.
 * Invariant: h->procs.target is the first -c/-p process for the whole
 * life of the handle ($target).
 */
#include "handle.h"
#include "providers/pid.h"
#include "providers/proc.h"
#include "consumer/symfmt.h"
#include "sym/sym.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The handle that installed the symbolizer hook (removed with it). */
static udt_handle_t *sym_handle;

udt_tproc_t *procs_find(udt_procs_t *ps, int32_t pid)
{
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i]->pid == pid)
			return ps->v[i];
	return NULL;
}

udt_tproc_t *procs_of(udt_procs_t *ps, const udt_proc_t *p)
{
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i]->proc == p)
			return ps->v[i];
	return NULL;
}

/* The number after "key:" in a /proc status text, or -1. */
static long long status_num(const char *text, const char *key)
{
	size_t kl = strlen(key);
	for (const char *l = text; l != NULL && *l; ) {
		if (strncmp(l, key, kl) == 0 && l[kl] == ':')
			return strtoll(l + kl + 1, NULL, 10);
		if ((l = strchr(l, '\n')) != NULL)
			l++;
	}
	return -1;
}

void procs_refresh_ident(udt_tproc_t *t)
{
	char buf[2048];
	long long v;
	ssize_t n;

	if (t->statusfd < 0 || (n = pread(t->statusfd, buf, sizeof(buf) - 1,
	    0)) <= 0)
		return;
	buf[n] = '\0';
	if ((v = status_num(buf, "PPid")) >= 0)
		t->ppid = (int32_t)v;
	if ((v = status_num(buf, "Uid")) >= 0)
		t->uid = (uint32_t)v;
	if ((v = status_num(buf, "Gid")) >= 0)
		t->gid = (uint32_t)v;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void procs_ident_at(udt_tproc_t *t, uint64_t hit_time)
{
	if (t->idread != 0 && (hit_time <= t->idread ||
	    hit_time - t->idread <= PROCS_IDENT_FRESH_NS))
		return;
	/*
	 * The clock before the read: a change between the two is seen by
	 * the next hit after it, not hidden behind a later stamp. A
	 * process gone keeps its last values and is not read again.
	 */
	t->idread = mono_ns();
	procs_refresh_ident(t);
}

void procs_ident_forget(udt_tproc_t *t)
{
	t->idread = 0;
}

void procs_identity(udt_tproc_t *t)
{
	char path[64], line[256];
	if (t->statusfd < 0) {
		snprintf(path, sizeof(path), "/proc/%d/status", (int)t->pid);
		t->statusfd = open(path, O_RDONLY | O_CLOEXEC);
	}
	/*
	 * Read at its fork or exec: a hit that comes after reads again (a
	 * child may setuid before its first probe; an exec of a set-id file).
	 */
	t->idread = 0;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)t->pid);
	FILE *f = fopen(path, "r");
	if (f != NULL) {
		while (fgets(line, sizeof(line), f) != NULL) {
			unsigned long v;
			if (sscanf(line, "PPid: %lu", &v) == 1)
				t->ppid = (int32_t)v;
			else if (sscanf(line, "Uid: %lu", &v) == 1)
				t->uid = (uint32_t)v;
			else if (sscanf(line, "Gid: %lu", &v) == 1)
				t->gid = (uint32_t)v;
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)t->pid);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(t->execname, sizeof(t->execname), f) == NULL)
			t->execname[0] = '\0';
		t->execname[strcspn(t->execname, "\n")] = '\0';
		fclose(f);
	}
}

void procs_prime_syms(const udt_tproc_t *t)
{
	char mod[8], func[8];
	uint64_t off;
	/* no mapping holds 0: the lookup re-reads the maps and keeps them */
	(void)sym_lookup_pid(t->pid, 0, mod, sizeof(mod), func, sizeof(func),
	    &off);
}

/* Process events go to every provider that plants sites. */
static void procs_exec_cb(void *arg, udt_proc_t *p)
{
	pid_exec(arg, p);
	usdt_exec(arg, p);
}

static void procs_objects_cb(void *arg, udt_proc_t *p)
{
	pid_objects(arg, p);
	usdt_objects(arg, p);
}

static udt_tproc_t *track(udt_handle_t *h, udt_proc_t *p, int user);

static void procs_mapped_cb(void *arg, pid_t pid, const char *path,
    uint64_t dev, uint64_t ino)
{
	usdt_mapped(arg, pid, path, dev, ino);
}

/*
 * A traced process forked (no exec): the child is traced too when a USDT
 * glob must see it (usdt_follows_forks); the backend watches it already.
 */
static int procs_forked_cb(void *arg, udt_proc_t *parent, udt_proc_t *c)
{
	udt_handle_t *h = arg;
	udt_tproc_t *t;
	(void)parent;
	if (!usdt_follows_forks(h) || (t = track(h, c, 0)) == NULL)
		return 0;
	t->forked = 1;
	usdt_forked(h, t);
	return 1;
}

/*
 * The `backend` option: "" takes the trampoline (over kernel uprobes, for
 * the sites it cannot patch and the processes' lifecycle) when this
 * process may use uprobes, and falls back to ptrace with a notice (-q
 * silences it, as it silences the exit notices: the trace is the same
 * either way); "trampoline", "uprobe" and "ptrace" insist, and an
 * impossible "uprobe" is an error.
 */
static udt_backend_t *make_backend(udt_handle_t *h)
{
	const char *name = h->opts.backend;
	char why[256] = "";
	udt_backend_cb_t cb = {
		.hit = pid_hit,
		.hits = pid_hits,
		.kfold = pid_kfold,
		.exited = procs_exited,
		.exec = procs_exec_cb,
		.objects = procs_objects_cb,
		.syscall = syscall_hit,
		.forked = procs_forked_cb,
		.mapped = procs_mapped_cb,
		.arg = h,
		.thread = proc_thread,
		.procev = proc_procev,
	};
	if (strcmp(name, "ptrace") != 0) {
		long ncpu = sysconf(_SC_NPROCESSORS_CONF);
		size_t ring = (size_t)(h->opts.bufsize / (uint64_t)(ncpu > 0 ?
		    ncpu : 1));
		udt_backend_t *be = NULL;
		/* each CPU's ring holds what bufsize would over all CPUs */
		if (ring < (64u << 10))
			ring = 64u << 10;
		if (ring > (16u << 20))
			ring = 16u << 20;
		if (name[0] == '\0' && !backend_uprobe_permitted(why,
		    sizeof(why)))
			be = NULL;
		else if (name[0] == '\0' || strcmp(name, "trampoline") == 0) {
			/* -v: which sites are jumps, which fell back and why */
			be = backend_trampoline_create(&cb, ring,
			    h->opts.verbose ? h->errfp : NULL, why, sizeof(why));
			if (be == NULL)
				snprintf(h->errmsg, sizeof(h->errmsg),
				    "failed to create backend: %s", why);
			return be;
		} else
			be = backend_uprobe_create(&cb, ring, why, sizeof(why));
		if (be != NULL)
			return be;
		if (name[0] != '\0') {
			snprintf(h->errmsg, sizeof(h->errmsg),
			    "failed to create backend: uprobes not permitted (%s)",
			    why);
			return NULL;
		}
		if (!h->opts.quiet) {
			fflush(h->outfp);
			fprintf(h->errfp, "%s: uprobes not permitted (%s); using "
			    "ptrace\n", UDT_PROGNAME, why);
			fflush(h->errfp);
		}
	}
	udt_backend_t *be = backend_ptrace_create(&cb);
	if (be == NULL)
		snprintf(h->errmsg, sizeof(h->errmsg),
		    "failed to create backend: %s", strerror(errno ?
		    errno : ENOMEM));
	return be;
}

udt_backend_t *procs_backend(udt_handle_t *h)
{
	if (h->procs.be == NULL)
		h->procs.be = make_backend(h);
	return h->procs.be;
}

/*
 * Register p (stopped) and have the backend watch it (for a followed fork
 * child it does already). NULL with h->errmsg set; p is not released.
 */
static udt_tproc_t *track(udt_handle_t *h, udt_proc_t *p, int user)
{
	udt_procs_t *ps = &h->procs;
	udt_tproc_t *t = NULL;

	if (ps->n == ps->cap) {
		size_t n = ps->cap ? ps->cap * 2 : 4;
		udt_tproc_t **nv = realloc(ps->v, n * sizeof(*nv));
		if (nv == NULL)
			goto nomem;
		ps->v = nv;
		ps->cap = n;
	}
	if ((t = calloc(1, sizeof(*t))) == NULL)
		goto nomem;
	t->proc = p;
	t->pid = (int32_t)proc_pid(p);
	t->created = proc_created(p);
	t->user = user;
	t->alive = 1;
	t->statusfd = -1;
	procs_identity(t);
	procs_prime_syms(t);
	if (ps->be->ops->add_proc(ps->be, p) != 0) {
		snprintf(h->errmsg, sizeof(h->errmsg), "failed to %s pid %d: %s",
		    t->created ? "control" : "grab", (int)t->pid,
		    ps->be->ops->errmsg ? ps->be->ops->errmsg(ps->be) : "error");
		if (t->statusfd >= 0)
			close(t->statusfd);
		free(t);
		return NULL;
	}
	ps->v[ps->n++] = t;
	if (user) {
		if (ps->nuser++ == 0)
			ps->target = udt_symfmt_target = t->pid;
		ps->nuser_live++;
	}
	if (sym_handle == NULL) {
		sym_handle = h;
		udt_symbolize = sym_lookup_pid;
	}
	return t;
nomem:
	snprintf(h->errmsg, sizeof(h->errmsg), "Cannot allocate memory");
	return NULL;
}

udt_tproc_t *procs_add(udt_handle_t *h, udt_proc_t *p, int user)
{
	udt_tproc_t *t = NULL;

	if (h->procs.be == NULL && (h->procs.be = make_backend(h)) == NULL)
		goto fail;
	if ((t = track(h, p, user)) != NULL)
		return t;
fail:
	if (proc_created(p))
		proc_kill(p);
	proc_release(p);
	return NULL;
}

void procs_exited(void *arg, udt_proc_t *p, int status)
{
	udt_handle_t *h = arg;
	udt_tproc_t *t = procs_of(&h->procs, p);
	if (t == NULL) {
		/* a descendant the backend followed for us */
		proc_exited(h, proc_pid(p), status);
		return;
	}
	if (!t->alive)
		return;
	t->alive = 0;
	if (t->user)
		h->procs.nuser_live--;
	proc_exited(h, t->pid, status);
	/* what the process traced before it ended prints before the notice */
	if (h->active && h->buf.policy != UDT_BUF_RING)
		handle_drain(h);
	if (h->opts.quiet || t->forked)
		return;
	fflush(h->outfp);
	if (WIFSIGNALED(status)) {
		const char *sig = sigabbrev_np(WTERMSIG(status));
		if (sig != NULL)
			fprintf(h->errfp, "%s: pid %d terminated by SIG%s\n",
			    UDT_PROGNAME, (int)t->pid, sig);
		else
			fprintf(h->errfp, "%s: pid %d terminated by signal %d\n",
			    UDT_PROGNAME, (int)t->pid, WTERMSIG(status));
	} else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		fprintf(h->errfp, "%s: pid %d exited with status %d\n",
		    UDT_PROGNAME, (int)t->pid, WEXITSTATUS(status));
	} else {
		fprintf(h->errfp, "%s: pid %d has exited\n", UDT_PROGNAME,
		    (int)t->pid);
	}
	fflush(h->errfp);
}

int procs_resume(udt_handle_t *h)
{
	udt_procs_t *ps = &h->procs;
	if (ps->be == NULL)
		return 0;
	ps->resumed = 1;
	if (ps->be->ops->resume(ps->be) != 0) {
		snprintf(h->errmsg, sizeof(h->errmsg), "failed to resume "
		    "processes: %s", ps->be->ops->errmsg ?
		    ps->be->ops->errmsg(ps->be) : "error");
		return -1;
	}
	return 0;
}

void procs_release_all(udt_handle_t *h)
{
	udt_procs_t *ps = &h->procs;
	if (ps->be != NULL) {
		ps->be->ops->destroy(ps->be);
		ps->be = NULL;
	}
	for (size_t i = 0; i < ps->n; i++) {
		udt_tproc_t *t = ps->v[i];
		/*
		 * dtrace ends a child it started when it ends first; a grabbed
		 * process runs on with every byte restored.
		 */
		if (t->created && t->alive)
			proc_kill(t->proc);    /* restores, then SIGKILL */
		proc_release(t->proc);     /* detaches (reaps a killed child), frees */
		if (t->statusfd >= 0)
			close(t->statusfd);
		free(t);
	}
	free(ps->v);
	ps->v = NULL;
	ps->n = ps->cap = 0;
	if (sym_handle == h) {
		sym_handle = NULL;
		udt_symbolize = NULL;
	}
}

/* dtrace -c: the command split on blanks, no quoting. */
int udt_proc_create(udt_handle_t *h, const char *cmd)
{
	char *copy = strdup(cmd), *save = NULL, *w;
	size_t n = 0;
	char **argv = calloc(strlen(cmd) / 2 + 2, sizeof(*argv));
	char err[1024] = "";

	if (copy == NULL || argv == NULL) {
		free(copy);
		free(argv);
		snprintf(h->errmsg, sizeof(h->errmsg), "Cannot allocate memory");
		return -1;
	}
	for (w = strtok_r(copy, " \t\n", &save); w != NULL;
	    w = strtok_r(NULL, " \t\n", &save))
		argv[n++] = w;
	argv[n] = NULL;
	if (n == 0) {
		snprintf(h->errmsg, sizeof(h->errmsg), "failed to execute %s: "
		    "No such file or directory", cmd);
		free(copy);
		free(argv);
		return -1;
	}
	udt_proc_t *p = proc_create_env(argv, h->env, h->opts.evaltime, err,
	    sizeof(err));
	if (p == NULL) {
		if (strncmp(err, "failed to execute", 17) == 0)
			snprintf(h->errmsg, sizeof(h->errmsg), "%s", err);
		else
			snprintf(h->errmsg, sizeof(h->errmsg),
			    "failed to execute %s: %s", argv[0],
			    err[0] ? err : "error");
	}
	free(copy);
	free(argv);
	if (p == NULL)
		return -1;
	return procs_add(h, p, 1) != NULL ? 0 : -1;
}

int udt_proc_grab(udt_handle_t *h, int pid)
{
	char err[1024] = "";
	udt_tproc_t *t = procs_find(&h->procs, pid);
	if (t != NULL) {
		/* named twice, or by a description first: now it counts as -p */
		if (!t->user) {
			t->user = 1;
			if (h->procs.nuser++ == 0)
				h->procs.target = udt_symfmt_target = t->pid;
			if (t->alive)
				h->procs.nuser_live++;
		}
		return 0;
	}
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	if (p == NULL) {
		if (strncmp(err, "failed to grab", 14) == 0)
			snprintf(h->errmsg, sizeof(h->errmsg), "%s", err);
		else
			snprintf(h->errmsg, sizeof(h->errmsg),
			    "failed to grab pid %d: %s", pid,
			    err[0] ? err : "error");
		return -1;
	}
	return procs_add(h, p, 1) != NULL ? 0 : -1;
}
