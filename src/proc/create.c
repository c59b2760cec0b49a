/*
 * create.c — proc_create (-c): start a command traced from its first
 * instruction and run it to the evaltime point.
 *
 * Owns: fork/exec of the target and the synchronous run to the exec
 * event, the entry point or main.
 * Must not: leave a breakpoint behind: the temporary int3 goes through
 * the patch table and is removed before returning.
 * Invariant: the child is PTRACE_SEIZEd (not PTRACE_TRACEME) before it
 * execs, so created and grabbed processes behave alike: PTRACE_INTERRUPT
 * works on both and new threads start in PTRACE_EVENT_STOP. The child
 * waits on a pipe until the seize is done; an exec failure comes back as
 * errno through a close-on-exec pipe.
 */
#include "proc/proc_impl.h"
#include "consumer/options.h"
#include "sym/sym.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static void child(int syncfd, int errfd, char *const argv[],
    char *const envp[])
{
	char c;
	sigset_t none;
	/* udtrace's own signal set-up (blocked or ignored) is not the target's. */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	while (read(syncfd, &c, 1) < 0 && errno == EINTR)
		;
	close(syncfd);
	/* -x setenv/unsetenv give the command its own environment */
	if (envp != NULL)
		execvpe(argv[0], argv, envp);
	else
		execvp(argv[0], argv);
	int e = errno;
	while (write(errfd, &e, sizeof(e)) < 0 && errno == EINTR)
		;
	_exit(127);
}

/* Address of main in the running image, 0 if the executable has none. */
static uint64_t find_main(udt_proc_t *p)
{
	char err[256];
	udt_elf_t *e = sym_elf(proc_exe(p), err, sizeof(err));
	if (!e)
		return 0;
	const udt_sym_t *syms;
	size_t n = sym_funcs(e, &syms);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(syms[i].name, "main") != 0)
			continue;
		const udt_map_t *maps;
		size_t nm;
		uint64_t bias;
		if (proc_maps(p, &maps, &nm) < 0 || sym_bias(e, maps, nm, &bias) < 0)
			return 0;
		return syms[i].addr + bias;
	}
	return 0;
}

/*
 * Run the main thread to addr with a temporary int3. 0 there (pc = addr),
 * 1 the program exec'd on the way (start again on the new image), -1 err.
 */
static int run_to(udt_proc_t *p, uint64_t addr, char *err, size_t errlen)
{
	static const uint8_t int3 = 0xcc;
	pid_t pid = p->pid;
	if (proc_patch(p, addr, &int3, 1) < 0) {
		proc_fmt(err, errlen, "cannot plant a breakpoint at 0x%llx",
		    (unsigned long long)addr);
		return -1;
	}
	int sig = 0;
	for (;;) {
		int st;
		if (ptrace(PTRACE_CONT, pid, 0, (void *)(long)sig) < 0) {
			proc_fmt(err, errlen, "%s", strerror(errno));
			return -1;
		}
		sig = 0;
		if (waitpid(pid, &st, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			proc_fmt(err, errlen, "%s", strerror(errno));
			return -1;
		}
		if (WIFEXITED(st)) {
			proc_fmt(err, errlen, "process exited with status %d before "
			    "reaching evaltime", WEXITSTATUS(st));
			return -1;
		}
		if (WIFSIGNALED(st)) {
			proc_fmt(err, errlen, "process terminated by signal %d before "
			    "reaching evaltime", WTERMSIG(st));
			return -1;
		}
		int ev = st >> 16;
		unsigned long msg = 0;
		if (ev == PTRACE_EVENT_EXEC) {
			proc_exec_reset(p);
			return 1;
		}
		if (ev == PTRACE_EVENT_CLONE) {
			/* A constructor started a thread: let it run; it is stopped at the end. */
			if (ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg) == 0) {
				int ws;
				pid_t t = (pid_t)msg;
				proc_thread_add(p, t);
				while (waitpid(t, &ws, __WALL) < 0 && errno == EINTR)
					;
				ptrace(PTRACE_CONT, t, 0, 0);
			}
			continue;
		}
		if (ev == PTRACE_EVENT_FORK || ev == PTRACE_EVENT_VFORK) {
			if (ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg) == 0)
				proc_drop_fork_child(p, (pid_t)msg);
			continue;
		}
		if (ev != 0)
			continue;
		sig = WSTOPSIG(st);
		if (sig == SIGTRAP) {
			struct user_regs_struct r;
			if (ptrace(PTRACE_GETREGS, pid, 0, &r) == 0 && r.rip == addr + 1) {
				r.rip = addr;
				ptrace(PTRACE_SETREGS, pid, 0, &r);
				break;
			}
		}
	}
	/* Stop the threads constructors started before removing the int3. */
	for (size_t i = 0; i < p->ntids; i++) {
		pid_t t = p->tids[i];
		if (t == pid)
			continue;
		if (ptrace(PTRACE_INTERRUPT, t, 0, 0) < 0 ||
		    proc_wait_stop(p, t, NULL) <= 0) {
			proc_thread_del(p, t);
			i--;
		}
	}
	proc_unpatch(p, addr, 1);
	return 0;
}

udt_proc_t *proc_create(char *const argv[], int evaltime, char *err,
    size_t errlen)
{
	return proc_create_env(argv, NULL, evaltime, err, errlen);
}

udt_proc_t *proc_create_env(char *const argv[], char *const envp[],
    int evaltime, char *err, size_t errlen)
{
	int syncp[2], errp[2];
	if (!argv || !argv[0]) {
		proc_fmt(err, errlen, "%s", strerror(EINVAL));
		return NULL;
	}
	if (pipe2(syncp, O_CLOEXEC) < 0) {
		proc_fmt(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	if (pipe2(errp, O_CLOEXEC) < 0) {
		proc_fmt(err, errlen, "%s", strerror(errno));
		close(syncp[0]);
		close(syncp[1]);
		return NULL;
	}
	pid_t pid = fork();
	if (pid < 0) {
		proc_fmt(err, errlen, "%s", strerror(errno));
		close(syncp[0]); close(syncp[1]); close(errp[0]); close(errp[1]);
		return NULL;
	}
	if (pid == 0) {
		close(syncp[1]);
		close(errp[0]);
		child(syncp[0], errp[1], argv, envp);
	}
	close(syncp[0]);
	close(errp[1]);
	int st, e = 0;
	udt_proc_t *p = NULL;
	if (ptrace(PTRACE_SEIZE, pid, 0, (void *)(long)PROC_PTRACE_OPTS) < 0) {
		e = errno;
		close(syncp[1]);
		kill(pid, SIGKILL);
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		close(errp[0]);
		proc_fmt(err, errlen, "%s", strerror(e));
		return NULL;
	}
	/* Closing the pipe is the go: the child reads EOF and execs. */
	close(syncp[1]);
	for (;;) {
		if (waitpid(pid, &st, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			e = errno;
			break;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st)) {
			/*
			 * No errno from the child and killed by a signal: the
			 * kernel gave up loading the image after the point of no
			 * return (a truncated ELF gets SIGSEGV), so the file was
			 * not executable after all.
			 */
			if (read(errp[0], &e, sizeof(e)) != (ssize_t)sizeof(e) || e == 0)
				e = WIFSIGNALED(st) ? ENOEXEC : ECHILD;
			break;
		}
		if (WIFSTOPPED(st) && (st >> 16) == PTRACE_EVENT_EXEC)
			break;
		/* Anything before the exec (a signal sent to the child): pass it on. */
		int sig = WIFSTOPPED(st) && (st >> 16) == 0 ? WSTOPSIG(st) : 0;
		ptrace(PTRACE_CONT, pid, 0, (void *)(long)sig);
	}
	close(errp[0]);
	if (e) {
		/* a missing program in illumos libproc's Pcreate_error() words */
		proc_fmt(err, errlen, "%s", e == ENOENT ?
		    "cannot find executable file" : strerror(e));
		return NULL;
	}
	p = proc_alloc(pid);
	if (!p) {
		kill(pid, SIGKILL);
		while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
			;
		proc_fmt(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	p->created = 1;
	proc_exec_reset(p);
	if (p->ntids == 0 || p->memfd < 0)
		goto fail_errno;

	for (int guard = 0; evaltime != UDT_EVAL_EXEC && guard < 16; guard++) {
		uint64_t target = 0;
		if (evaltime == UDT_EVAL_POSTINIT || evaltime == UDT_EVAL_MAIN)
			target = find_main(p);
		if (!target && proc_auxv(pid, AT_ENTRY, &target) < 0) {
			proc_fmt(err, errlen, "cannot read the entry point of %s",
			    proc_exe(p));
			goto fail;
		}
		int r = run_to(p, target, err, errlen);
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
	}
	return p;
fail_errno:
	proc_fmt(err, errlen, "%s", strerror(errno ? errno : EIO));
fail:
	kill(pid, SIGKILL);
	proc_release(p);
	while (waitpid(pid, &st, __WALL) < 0 && errno == EINTR)
		;
	return NULL;
}
