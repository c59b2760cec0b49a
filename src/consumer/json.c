/*
 * json.c — JSON Lines output (see json.h): typed values, a firing's
 * records as one "probe" object, faults, drops and the exit status.
 *
 * Owns: the JSON names and shapes of those objects (documented in
 * man/udtrace.1, "JSON output"). Must not: print text layouts
 * (output.c), act on records other than by handing them to the same
 * library callback out_firing uses (setopt, system, clear, ...), or
 * write anything to the output but whole JSON lines.
 * Invariant: a firing's records appear in record order in its "records"
 * array; integers keep their D type's size and signedness (not the
 * by-size rule trace() text follows), so -1 in an int is -1 and a
 * uint64_t above INT64_MAX stays exact.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/json.h"
#include "consumer/printf.h"
#include "consumer/symfmt.h"
#include "dif/emu.h"

/* Most printf arguments one statement can have (as output.c). */
#define JSON_MAXARGS 128

int
json_mode(const udt_opts_t *opts)
{
	return opts != NULL && opts->oformat == UDT_OFMT_JSON;
}

void
json_emit(FILE *fp, json_object *obj)
{
	size_t n = 0;
	const char *s;

	if (obj == NULL)
		return;
	s = json_object_to_json_string_length(obj, JSON_C_TO_STRING_PLAIN |
	    JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	if (s != NULL) {
		fwrite(s, 1, n, fp);
		fputc('\n', fp);
		fflush(fp);
	}
	json_object_put(obj);
}

/* ---- typed values ---- */

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and beyond U+10FFFF are not UTF-8 */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

json_object *
json_text(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, k, len;
	char *fixed;
	json_object *o;

	n = strnlen(s, n);
	for (i = 0; i < n; i += len)
		if ((len = utf8_len(u + i, n - i)) == 0)
			break;
	if (i >= n)
		return json_object_new_string_len(s, (int)n);
	/* traced bytes need not be text: each bad byte becomes U+FFFD */
	fixed = malloc(n * 3 + 1);
	if (fixed == NULL)
		return NULL;
	for (i = 0, k = 0; i < n; ) {
		len = utf8_len(u + i, n - i);
		if (len == 0) {
			memcpy(fixed + k, "\xef\xbf\xbd", 3);
			k += 3;
			i++;
		} else {
			memcpy(fixed + k, s + i, len);
			k += len;
			i += len;
		}
	}
	o = json_object_new_string_len(fixed, (int)k);
	free(fixed);
	return o;
}

json_object *
json_hex(const void *data, size_t n)
{
	const unsigned char *c = data;
	char *s = malloc(n * 2 + 1);
	json_object *o;

	if (s == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		s[2 * i] = "0123456789abcdef"[c[i] >> 4];
		s[2 * i + 1] = "0123456789abcdef"[c[i] & 15];
	}
	o = json_object_new_string_len(s, (int)(n * 2));
	free(s);
	return o;
}

json_object *
json_int(uint64_t v, uint32_t size, int is_signed)
{
	if (size < 8) {
		uint64_t mask = (1ULL << (size * 8)) - 1;

		v &= mask;
		if (is_signed && (v >> (size * 8 - 1)) != 0)
			v |= ~mask;
	}
	if (is_signed)
		return json_object_new_int64((int64_t)v);
	return json_object_new_uint64(v);
}

/* An integer record of `size` bytes (native order) as a uint64. */
static uint64_t
read_uint(const void *data, size_t size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64 = 0;

	switch (size) {
	case 1: memcpy(&u8, data, 1); return u8;
	case 2: memcpy(&u16, data, 2); return u16;
	case 4: memcpy(&u32, data, 4); return u32;
	default: memcpy(&u64, data, size < 8 ? size : 8); return u64;
	}
}

json_object *
json_frames(const void *data, size_t len, const udt_opts_t *opts)
{
	const unsigned char *b = data;
	json_object *a = json_object_new_array();
	uint64_t pid, pc;
	char text[1024];

	if (a == NULL || len < 16)
		return a;
	memcpy(&pid, b, 8);
	for (size_t i = 1; i < len / 8; i++) {
		memcpy(&pc, b + i * 8, 8);
		if (pc == 0)
			break;
		symfmt_addr(text, sizeof(text), SYMFMT_UADDR, (int)pid, pc,
		    opts);
		json_object_array_add(a, json_text(text, sizeof(text)));
	}
	return a;
}

json_object *
json_addr(const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts)
{
	uint64_t pidpc[2] = { 0, 0 };
	char text[1024];
	int kind = d->type == D_RT_UMOD ? SYMFMT_UMOD :
	    d->type == D_RT_USYM ? SYMFMT_USYM : SYMFMT_UADDR;

	memcpy(pidpc, data, len < sizeof(pidpc) ? len : sizeof(pidpc));
	symfmt_addr(text, sizeof(text), kind, (int)pidpc[0], pidpc[1], opts);
	return json_text(text, sizeof(text));
}

/* Printable text then only NULs (a char array holding a string)? */
static int
is_string(const unsigned char *c, size_t n)
{
	size_t i;

	for (i = 0; i < n && c[i] != '\0'; i++)
		if (c[i] < 0x20 && (c[i] < '\a' || c[i] > '\r'))
			return 0;
	if (i == 0)
		return 0;
	for (; i < n; i++)
		if (c[i] != '\0')
			return 0;
	return 1;
}

json_object *
json_value(const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts, int *is_bytes)
{
	size_t size = d->size < len ? d->size : len;

	*is_bytes = 0;
	switch (d->type) {
	case D_RT_INT:
		return json_int(read_uint(data, size), (uint32_t)size,
		    d->is_signed);
	case D_RT_STRING:
		return json_text(data, size);
	case D_RT_USTACK:
		return json_frames(data, size, opts);
	case D_RT_USYM:
	case D_RT_UADDR:
	case D_RT_UMOD:
		return json_addr(d, data, size, opts);
	default:
		if (is_string(data, size))
			return json_text(data, size);
		*is_bytes = 1;
		return json_hex(data, size);
	}
}

/* ---- a firing ---- */

static json_object *
record(const char *kind)
{
	json_object *r = json_object_new_object();

	json_object_object_add(r, "kind", json_object_new_string(kind));
	return r;
}

static void
add_type(json_object *r, const d_recdesc_t *d)
{
	if (d->type_name != NULL)
		json_object_object_add(r, "type",
		    json_object_new_string(d->type_name));
}

/* trace(e) and print(e) of an untyped value: kind, type, value or bytes. */
static json_object *
value_record(const char *kind, const d_recdesc_t *d, const void *data,
    size_t len, const udt_opts_t *opts)
{
	static const char *const addrkind[] = {
		[D_RT_USYM] = "usym", [D_RT_UADDR] = "uaddr", [D_RT_UMOD] = "umod"
	};
	json_object *r, *v;
	int is_bytes;

	if (d->type == D_RT_USTACK) {
		r = record("ustack");
		json_object_object_add(r, "frames", json_value(d, data, len,
		    opts, &is_bytes));
		return r;
	}
	if (d->type == D_RT_USYM || d->type == D_RT_UADDR ||
	    d->type == D_RT_UMOD) {
		uint64_t pc = 0;

		r = record(addrkind[d->type]);
		json_object_object_add(r, "value", json_value(d, data, len,
		    opts, &is_bytes));
		if (len >= 16)
			memcpy(&pc, (const unsigned char *)data + 8, 8);
		json_object_object_add(r, "address",
		    json_object_new_uint64(pc));
		return r;
	}
	r = record(kind);
	add_type(r, d);
	v = json_value(d, data, len, opts, &is_bytes);
	json_object_object_add(r, is_bytes ? "bytes" : "value", v);
	return r;
}

/* The text a printf-like record formats (malloc'ed), or NULL. */
static char *
format_text(const pfmt_t *fmt, const d_recdesc_t *const *args,
    const void *const *argdata, int nargs, const udt_opts_t *opts,
    size_t *lenp)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, lenp);

	if (fp == NULL)
		return NULL;
	(void)pfmt_format(fp, fmt, args, argdata, nargs, opts);
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The flowindent position of this firing, as print_prefix tracks it. */
static void
add_flow(out_state_t *o, json_object *f, const char *name)
{
	size_t n = strlen(name);
	const char *dir = "|";

	if (strcmp(name, "entry") == 0 ||
	    (n > 6 && strcmp(name + n - 6, "-entry") == 0)) {
		dir = "->";
		json_object_object_add(f, "depth",
		    json_object_new_int(o->indent / 2));
		o->indent += 2;
	} else if (strcmp(name, "return") == 0 ||
	    (n > 7 && strcmp(name + n - 7, "-return") == 0)) {
		o->indent = o->indent >= 2 ? o->indent - 2 : 0;
		dir = "<-";
		json_object_object_add(f, "depth",
		    json_object_new_int(o->indent / 2));
	} else {
		json_object_object_add(f, "depth",
		    json_object_new_int(o->indent / 2));
	}
	json_object_object_add(f, "flow", json_object_new_string(dir));
}

static json_object *
probe_object(out_state_t *o, const out_probe_t *p)
{
	json_object *f = json_object_new_object();

	json_object_object_add(f, "type", json_object_new_string("probe"));
	json_object_object_add(f, "id", json_object_new_uint64(p->id));
	json_object_object_add(f, "provider",
	    json_object_new_string(p->prov ? p->prov : ""));
	json_object_object_add(f, "module",
	    json_object_new_string(p->mod ? p->mod : ""));
	json_object_object_add(f, "function",
	    json_object_new_string(p->func ? p->func : ""));
	json_object_object_add(f, "name",
	    json_object_new_string(p->name ? p->name : ""));
	json_object_object_add(f, "cpu", json_object_new_int(p->cpu));
	if (o->opts != NULL && o->opts->flowindent)
		add_flow(o, f, p->name ? p->name : "");
	return f;
}

void
json_firing(out_state_t *o, const out_probe_t *p, const d_clause_prog_t *c,
    const void *recs, size_t len)
{
	const unsigned char *b = recs;
	const d_recdesc_t *adesc[JSON_MAXARGS];
	const void *adata[JSON_MAXARGS];
	int nargs = 0;
	size_t off = 0;
	uint64_t dsize = 0;    /* tracemem's dsize for the next TRACEMEM, 0: none */
	json_object *f, *rs;

	/* a body that recorded nothing has no EPID record: nothing prints */
	if (c->body != NULL && len == 0)
		return;
	f = probe_object(o, p);
	rs = json_object_new_array();
	json_object_object_add(f, "records", rs);

	while (len - off >= sizeof(dif_rechdr_t)) {
		dif_rechdr_t h;
		const d_recdesc_t *d;
		const unsigned char *data;
		json_object *r = NULL;

		memcpy(&h, b + off, sizeof(h));
		off += sizeof(h);
		if (h.len > len - off)
			break;
		data = b + off;
		off += h.len;
		off += (8 - off % 8) % 8;
		if (off > len)
			off = len;
		if (h.rec >= c->nrecs)
			continue;
		d = &c->recs[h.rec];
		switch (d->action) {
		case D_ACT_TRACE:
			r = value_record("trace", d, data, h.len, o->opts);
			break;
		case D_ACT_PRINTF_ARG:
			if (nargs < JSON_MAXARGS && h.len >= d->size) {
				adesc[nargs] = d;
				adata[nargs] = data;
				nargs++;
			}
			break;
		case D_ACT_PRINTF: {
			size_t n = 0;
			char *text = d->fmt == NULL ? NULL : format_text(d->fmt,
			    adesc, adata, nargs, o->opts, &n);

			nargs = 0;
			if (text == NULL)
				break;
			r = record("printf");
			json_object_object_add(r, "text", json_text(text, n));
			free(text);
			break;
		}
		case D_ACT_TRACEMEM_DSIZE:
			if (h.len >= 8)
				memcpy(&dsize, data, 8);
			break;
		case D_ACT_TRACEMEM: {
			size_t n = d->size < h.len ? d->size : h.len;

			if (dsize != 0 && dsize < n)
				n = (size_t)dsize;
			dsize = 0;
			r = record("tracemem");
			json_object_object_add(r, "bytes", json_hex(data, n));
			break;
		}
		case D_ACT_PRINT:
			if (d->ptype == NULL) {
				r = value_record("print", d, data, h.len,
				    o->opts);
				break;
			}
			r = record("print");
			if (d->ptype->name != NULL)
				json_object_object_add(r, "type",
				    json_object_new_string(d->ptype->name));
			json_object_object_add(r, "value",
			    json_ptype(d->ptype, data, h.len));
			break;
		case D_ACT_STACK:
			/* kernel stacks do not exist here: an empty stack */
			r = record("stack");
			json_object_object_add(r, "frames",
			    json_object_new_array());
			break;
		case D_ACT_EXIT:
			/* the "exit" object at the end carries the status */
			break;
		case D_ACT_PRINTA:
			r = json_printa(o->aggt, d->aggs, (int)d->naggs, d->fmt,
			    o->opts);
			nargs = 0;
			break;
		default:
			if (o->libact != NULL)
				o->libact(o->libact_arg, d, data, h.len, adesc,
				    adata, nargs);
			nargs = 0;
			break;
		}
		if (r != NULL)
			json_object_array_add(rs, r);
	}
	json_emit(o->fp, f);
}

/* ---- faults, drops, exit ---- */

void
json_fault(FILE *fp, uint32_t epid, const out_probe_t *p, int fault,
    uint64_t addr, uint32_t action, int64_t pc, const char *text)
{
	json_object *e = json_object_new_object();

	json_object_object_add(e, "type", json_object_new_string("error"));
	json_object_object_add(e, "epid", json_object_new_uint64(epid));
	json_object_object_add(e, "id", json_object_new_uint64(p->id));
	json_object_object_add(e, "provider", json_object_new_string(p->prov));
	json_object_object_add(e, "module", json_object_new_string(p->mod));
	json_object_object_add(e, "function", json_object_new_string(p->func));
	json_object_object_add(e, "name", json_object_new_string(p->name));
	json_object_object_add(e, "cpu", json_object_new_int(p->cpu));
	json_object_object_add(e, "fault",
	    json_object_new_string(dif_fault_name(fault)));
	if (fault == DIF_FAULT_BADADDR || fault == DIF_FAULT_BADALIGN)
		json_object_object_add(e, "address",
		    json_object_new_uint64(addr));
	/* action 0 is the predicate */
	json_object_object_add(e, "action", json_object_new_uint64(action));
	if (pc >= 0)
		json_object_object_add(e, "offset",
		    json_object_new_int64(pc));
	json_object_object_add(e, "message", json_text(text, strlen(text)));
	json_emit(fp, e);
}

void
json_drop(FILE *fp, const char *kind, int cpu, uint64_t count,
    const char *text)
{
	json_object *d = json_object_new_object();

	json_object_object_add(d, "type", json_object_new_string("drop"));
	json_object_object_add(d, "kind", json_object_new_string(kind));
	if (cpu >= 0)
		json_object_object_add(d, "cpu", json_object_new_int(cpu));
	json_object_object_add(d, "count", json_object_new_uint64(count));
	json_object_object_add(d, "message", json_text(text, strlen(text)));
	json_emit(fp, d);
}

void
json_exit(FILE *fp, int status)
{
	json_object *e = json_object_new_object();

	json_object_object_add(e, "type", json_object_new_string("exit"));
	json_object_object_add(e, "status", json_object_new_int(status));
	json_emit(fp, e);
}
