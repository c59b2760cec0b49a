/*
 * script_file.c — reading a D script file whole, for -s and the shell's
 * :load.
 *
 * Owns: udt_read_script. Must not: interpret the text (the compiler does,
 * #! line and all) or print anything (callers word the error).
 * Invariant: the result is NUL-terminated and holds every byte of the
 * file (an embedded NUL ends the program text there, as dtrace reads it);
 * NULL leaves errno saying why.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "udtrace/udtrace.h"

char *udt_read_script(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (fp == NULL)
		return NULL;
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	int rderr = 0;
	while (buf != NULL) {
		errno = 0;
		len += fread(buf + len, 1, cap - len - 1, fp);
		rderr = errno;     /* why a read failed: EISDIR for a directory */
		if (len < cap - 1)
			break;
		char *nbuf = realloc(buf, cap *= 2);
		if (nbuf == NULL)
			free(buf);
		buf = nbuf;
	}
	int err = buf == NULL ? ENOMEM : ferror(fp) ? (rderr ? rderr : EIO) : 0;
	if (fp != stdin)
		fclose(fp);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}
