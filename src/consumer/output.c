/*
 * output.c — dtrace(1)'s default output for one firing of one clause:
 * the header, the CPU/ID/FUNCTION:NAME (or flowindent) prefix, trace()
 * records, printf records and hex dumps (D-REFERENCE §1.4, §1.5, §4.1).
 *
 * Owns: byte layout only. Must not: decide what fires, buffer, or flush
 * (the consumer loop does); allocate (this runs for every drained firing).
 * Invariant: the record buffer is read as dif_rechdr_t entries whose data
 * is padded to 8 bytes; an entry naming no record descriptor, or claiming
 * more bytes than remain, ends or skips printing rather than reading past
 * the buffer.
 */
#include <string.h>

#include "consumer/json.h"
#include "consumer/output.h"
#include "consumer/pprint.h"
#include "consumer/printf.h"
#include "consumer/symfmt.h"

/* Most printf arguments one statement can have (D has no varargs limit; this is ample). */
#define OUT_MAXARGS 128

static int
is_quiet(const out_state_t *o)
{
	return o->opts != NULL && o->opts->quiet;
}

static int
is_flow(const out_state_t *o)
{
	return o->opts != NULL && o->opts->flowindent;
}

void
out_hexdump(FILE *fp, const void *data, size_t len)
{
	const unsigned char *c = data;
	size_t i, j;

	fprintf(fp, "\n%*s      ", 5, "");
	for (i = 0; i < 16; i++)
		fprintf(fp, "  %c", "0123456789abcdef"[i]);
	fprintf(fp, "  0123456789abcdef\n");
	for (i = 0; i < len; i += 16) {
		fprintf(fp, "%*s%5zx:", 5, "", i);
		for (j = i; j < i + 16 && j < len; j++)
			fprintf(fp, " %02x", c[j]);
		for (; j % 16 != 0; j++)
			fputs("   ", fp);
		fputs("  ", fp);
		for (j = i; j < i + 16 && j < len; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], fp);
		fputc('\n', fp);
	}
}

/*
 * What DTrace counts as printable: isprint or isspace in the C locale,
 * plus bell and backspace (terminal control characters that print fine).
 */
static int
printable(unsigned char c)
{
	return (c >= 0x20 && c <= 0x7e) || (c >= '\a' && c <= '\r');
}

/* Byte data: a string when it reads as one, else a hex dump. */
static void
print_bytes(out_state_t *o, const void *data, size_t len)
{
	const unsigned char *c = data;
	int quiet = is_quiet(o);
	size_t i, j;

	if (len == 0)
		return;
	if (o->opts != NULL && o->opts->rawbytes) {
		out_hexdump(o->fp, data, len);
		return;
	}
	for (i = 0; i < len; i++) {
		if (printable(c[i]))
			continue;
		/* printable text then only NULs: a string (not an empty one) */
		if (c[i] == '\0' && i > 0) {
			for (j = i + 1; j < len && c[j] == '\0'; j++)
				;
			if (j != len)
				break;
			if (quiet)
				fprintf(o->fp, "%.*s", (int)i, (const char *)c);
			else
				fprintf(o->fp, "  %-33.*s", (int)i,
				    (const char *)c);
			return;
		}
		break;
	}
	if (i == len) {
		/* DTrace pads this case even when quiet */
		fprintf(o->fp, "  %-33.*s", (int)len, (const char *)c);
		return;
	}
	out_hexdump(o->fp, data, len);
}

void
out_trace(out_state_t *o, const d_recdesc_t *d, const void *data,
    size_t len)
{
	int quiet = is_quiet(o);
	size_t size = d->size < len ? d->size : len;

	if (d->type == D_RT_USTACK) {
		symfmt_ustack(o->fp, data, size, o->opts != NULL ?
		    (int)o->opts->stackindent : 14, 0, o->opts);
		return;
	}
	if (d->type == D_RT_USYM || d->type == D_RT_UADDR ||
	    d->type == D_RT_UMOD) {
		out_uaddr(o->fp, d, data, size, o->opts);
		return;
	}
	/*
	 * DTrace's consumer switches on the record's size before it tries
	 * string or hex-dump output, so a 1-, 2-, 4- or 8-byte struct or
	 * array prints as an integer too.
	 */
	if (d->type == D_RT_INT || ((d->type == D_RT_BYTES ||
	    d->type == D_RT_STRING) && (size == 1 || size == 2 ||
	    size == 4 || size == 8))) {
		/*
		 * By size, as DTrace: 8 and 4 bytes signed, 2 and 1 bytes
		 * unsigned, whatever the type's signedness.
		 */
		int64_t v64;
		int32_t v32;
		uint16_t v16;
		uint8_t v8;

		switch (size) {
		case 8:
			memcpy(&v64, data, 8);
			fprintf(o->fp, quiet ? "%lld" : " %16lld", (long long)v64);
			return;
		case 4:
			memcpy(&v32, data, 4);
			fprintf(o->fp, quiet ? "%d" : " %8d", v32);
			return;
		case 2:
			memcpy(&v16, data, 2);
			fprintf(o->fp, quiet ? "%d" : " %5d", v16);
			return;
		case 1:
			memcpy(&v8, data, 1);
			fprintf(o->fp, quiet ? "%d" : " %3d", v8);
			return;
		}
	}
	print_bytes(o, data, size);
}

void
out_uaddr(FILE *fp, const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts)
{
	uint64_t pidpc[2] = { 0, 0 };
	char text[1024];
	int kind = d->type == D_RT_UMOD ? SYMFMT_UMOD :
	    d->type == D_RT_USYM ? SYMFMT_USYM : SYMFMT_UADDR;

	memcpy(pidpc, data, len < sizeof(pidpc) ? len : sizeof(pidpc));
	symfmt_addr(text, sizeof(text), kind, (int)pidpc[0], pidpc[1], opts);
	/* the same padding quiet or not, and in aggregation keys */
	fprintf(fp, "  %-50s", text);
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

static void
print_prefix(out_state_t *o, const out_probe_t *p)
{
	const char *func = p->func != NULL ? p->func : "";
	const char *name = p->name != NULL ? p->name : "";
	char text[1024];

	if (!o->header_done) {
		if (is_flow(o))
			fprintf(o->fp, "%3s %-41s\n", "CPU", "FUNCTION");
		else if (!is_quiet(o))
			fprintf(o->fp, "%3s %6s %32s\n", "CPU", "ID",
			    "FUNCTION:NAME");
		o->header_done = 1;
	}
	if (!is_flow(o)) {
		if (is_quiet(o))
			return;
		snprintf(text, sizeof(text), "%s:%s", func, name);
		fprintf(o->fp, "%3d %6u %32s ", p->cpu, (unsigned)p->id, text);
		return;
	}
	/* flowindent: the prefix appears even when quiet */
	if (strcmp(name, "entry") == 0 || ends_with(name, "-entry")) {
		snprintf(text, sizeof(text), "%*s -> %s", o->indent, "", func);
		o->indent += 2;
	} else if (strcmp(name, "return") == 0 || ends_with(name, "-return")) {
		o->indent = o->indent >= 2 ? o->indent - 2 : 0;
		snprintf(text, sizeof(text), "%*s <- %s", o->indent, "", func);
	} else {
		snprintf(text, sizeof(text), "%*s| %s:%s", o->indent, "", func,
		    name);
	}
	fprintf(o->fp, "%3d %-41s ", p->cpu, text);
}

int
out_rec_next(const d_clause_prog_t *c, const unsigned char *b, size_t len,
    size_t *off, const d_recdesc_t **d, const unsigned char **data,
    uint32_t *dlen)
{
	while (len - *off >= sizeof(dif_rechdr_t)) {
		dif_rechdr_t h;

		memcpy(&h, b + *off, sizeof(h));
		*off += sizeof(h);
		if (h.len > len - *off)
			return 0;
		*data = b + *off;
		*off += h.len;
		*off += (8 - *off % 8) % 8;
		if (*off > len)
			*off = len;
		/* a record the clause does not describe is skipped */
		if (h.rec >= c->nrecs)
			continue;
		*d = &c->recs[h.rec];
		*dlen = h.len;
		return 1;
	}
	return 0;
}

void
out_firing(out_state_t *o, const out_probe_t *p, const d_clause_prog_t *c,
    const void *recs, size_t len)
{
	const unsigned char *b = recs;
	const d_recdesc_t *adesc[OUT_MAXARGS];
	const void *adata[OUT_MAXARGS];
	int nargs = 0;
	size_t off = 0;
	uint64_t dsize = 0;    /* tracemem's dsize for the next TRACEMEM, 0: none */

	if (json_mode(o->opts)) {
		json_firing(o, p, c, recs, len);
		return;
	}
	/* a body that recorded nothing has no EPID record: nothing prints */
	if (c->body != NULL && len == 0)
		return;
	print_prefix(o, p);

	const d_recdesc_t *d;
	const unsigned char *data;
	uint32_t dlen;

	while (out_rec_next(c, b, len, &off, &d, &data, &dlen)) {
		switch (d->action) {
		case D_ACT_TRACE:
			out_trace(o, d, data, dlen);
			break;
		case D_ACT_PRINTF_ARG:
			if (nargs < OUT_MAXARGS && dlen >= d->size) {
				adesc[nargs] = d;
				adata[nargs] = data;
				nargs++;
			}
			break;
		case D_ACT_PRINTF:
			if (d->fmt != NULL)
				(void)pfmt_format(o->fp, d->fmt, adesc, adata,
				    nargs, o->opts);
			nargs = 0;
			break;
		case D_ACT_TRACEMEM_DSIZE:
			if (dlen >= 8)
				memcpy(&dsize, data, 8);
			break;
		case D_ACT_TRACEMEM: {
			/* a dsize of 0 or beyond size shows everything */
			size_t n = d->size < dlen ? d->size : dlen;

			if (dsize != 0 && dsize < n)
				n = (size_t)dsize;
			dsize = 0;
			if (n > 0)
				out_hexdump(o->fp, data, n);
			break;
		}
		case D_ACT_PRINT:
			if (d->ptype != NULL)
				pprint_value(o->fp, d->ptype, data, dlen);
			else
				out_trace(o, d, data, dlen);
			break;
		case D_ACT_STACK:
			/* kernel stacks do not exist here: an empty stack */
			fputc('\n', o->fp);
			break;
		case D_ACT_EXIT:
			break;
		default:
			if (o->libact != NULL)
				o->libact(o->libact_arg, d, data, dlen, adesc,
				    adata, nargs);
			nargs = 0;
			break;
		}
	}
	if (!is_quiet(o))
		fputc('\n', o->fp);
}
