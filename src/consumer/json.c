/*
 * json.c — JSON Lines output (see json.h): typed values, a firing's
 * records as one "probe" object (streamed through jsonw.c), faults,
 * drops and the exit status (json-c objects: rare, so built as trees).
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

json_object *
json_text(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, k, len;
	char *fixed;
	json_object *o;

	n = strnlen(s, n);
	for (i = 0; i < n; i += len)
		if ((len = json_utf8_len(u + i, n - i)) == 0)
			break;
	if (i >= n)
		return json_object_new_string_len(s, (int)n);
	/* traced bytes need not be text: each bad byte becomes U+FFFD */
	fixed = malloc(n * 3 + 1);
	if (fixed == NULL)
		return NULL;
	for (i = 0, k = 0; i < n; ) {
		len = json_utf8_len(u + i, n - i);
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

/* An integer as json_int encodes it. */
static void
jw_intval(jw_t *w, const char *key, uint64_t v, uint32_t size, int is_signed)
{
	if (size < 8) {
		uint64_t mask = (1ULL << (size * 8)) - 1;

		v &= mask;
		if (is_signed && (v >> (size * 8 - 1)) != 0)
			v |= ~mask;
	}
	if (is_signed)
		jw_int(w, key, (int64_t)v);
	else
		jw_uint(w, key, v);
}

void
jw_value(jw_t *w, const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts)
{
	size_t size = d->size < len ? d->size : len;
	const unsigned char *b = data;
	uint64_t pidpc[2] = { 0, 0 };
	char text[1024];

	switch (d->type) {
	case D_RT_INT:
		jw_intval(w, "value", read_uint(data, size), (uint32_t)size,
		    d->is_signed);
		return;
	case D_RT_STRING:
		jw_str(w, "value", data, strnlen(data, size));
		return;
	case D_RT_USTACK:
		/* as json_frames */
		jw_open(w, "frames", '[');
		if (size >= 16) {
			memcpy(&pidpc[0], b, 8);
			for (size_t i = 1; i < size / 8; i++) {
				memcpy(&pidpc[1], b + i * 8, 8);
				if (pidpc[1] == 0)
					break;
				symfmt_addr(text, sizeof(text), SYMFMT_UADDR,
				    (int)pidpc[0], pidpc[1], opts);
				jw_str(w, NULL, text, strlen(text));
			}
		}
		jw_close(w, ']');
		return;
	case D_RT_USYM:
	case D_RT_UADDR:
	case D_RT_UMOD:
		memcpy(pidpc, data, size < sizeof(pidpc) ? size : sizeof(pidpc));
		symfmt_addr(text, sizeof(text), d->type == D_RT_UMOD ?
		    SYMFMT_UMOD : d->type == D_RT_USYM ? SYMFMT_USYM :
		    SYMFMT_UADDR, (int)pidpc[0], pidpc[1], opts);
		jw_str(w, "value", text, strlen(text));
		jw_uint(w, "address", pidpc[1]);
		return;
	default:
		if (is_string(data, size))
			jw_str(w, "value", data, strnlen(data, size));
		else
			jw_hex(w, "bytes", data, size);
		return;
	}
}

/* ---- a firing ---- */

/* trace(e) and print(e) of an untyped value: kind, type, value or bytes. */
static void
value_record(jw_t *w, const char *kind, const d_recdesc_t *d,
    const void *data, size_t len, const udt_opts_t *opts)
{
	static const char *const addrkind[] = {
		[D_RT_USTACK] = "ustack", [D_RT_USYM] = "usym",
		[D_RT_UADDR] = "uaddr", [D_RT_UMOD] = "umod"
	};

	jw_open(w, NULL, '{');
	if (d->type == D_RT_USTACK || d->type == D_RT_USYM ||
	    d->type == D_RT_UADDR || d->type == D_RT_UMOD) {
		kind = addrkind[d->type];
		jw_str(w, "kind", kind, strlen(kind));
	} else {
		jw_str(w, "kind", kind, strlen(kind));
		if (d->type_name != NULL)
			jw_str(w, "type", d->type_name, strlen(d->type_name));
	}
	jw_value(w, d, data, len, opts);
	jw_close(w, '}');
}

/* A printf record: the text it formats, through one reused stream. */
static void
printf_record(jw_t *w, out_state_t *o, const pfmt_t *fmt,
    const d_recdesc_t *const *args, const void *const *argdata, int nargs)
{
	if (o->jmem == NULL &&
	    (o->jmem = open_memstream(&o->jbuf, &o->jlen)) == NULL)
		return;
	rewind(o->jmem);
	(void)pfmt_format(o->jmem, fmt, args, argdata, nargs, o->opts);
	if (fflush(o->jmem) != 0)
		return;
	jw_open(w, NULL, '{');
	jw_str(w, "kind", "printf", 6);
	/* all of its bytes: a %c of 0 is a NUL in the text too */
	jw_str(w, "text", o->jbuf, o->jlen);
	jw_close(w, '}');
}

void
json_fini(out_state_t *o)
{
	if (o->jmem != NULL)
		fclose(o->jmem);
	free(o->jbuf);
	o->jmem = NULL;
	o->jbuf = NULL;
	o->jlen = 0;
}

/* The flowindent position of this firing, as print_prefix tracks it. */
static void
add_flow(out_state_t *o, jw_t *w, const char *name)
{
	size_t n = strlen(name);
	const char *dir = "|";

	if (strcmp(name, "entry") == 0 ||
	    (n > 6 && strcmp(name + n - 6, "-entry") == 0)) {
		dir = "->";
		jw_int(w, "depth", o->indent / 2);
		o->indent += 2;
	} else if (strcmp(name, "return") == 0 ||
	    (n > 7 && strcmp(name + n - 7, "-return") == 0)) {
		o->indent = o->indent >= 2 ? o->indent - 2 : 0;
		dir = "<-";
		jw_int(w, "depth", o->indent / 2);
	} else {
		jw_int(w, "depth", o->indent / 2);
	}
	jw_str(w, "flow", dir, strlen(dir));
}

static void
probe_fields(out_state_t *o, jw_t *w, const out_probe_t *p)
{
	const char *prov = p->prov ? p->prov : "", *mod = p->mod ? p->mod : "";
	const char *func = p->func ? p->func : "", *name = p->name ? p->name : "";

	jw_str(w, "type", "probe", 5);
	jw_uint(w, "id", p->id);
	jw_str(w, "provider", prov, strlen(prov));
	jw_str(w, "module", mod, strlen(mod));
	jw_str(w, "function", func, strlen(func));
	jw_str(w, "name", name, strlen(name));
	jw_int(w, "cpu", p->cpu);
	if (o->opts != NULL && o->opts->jsontimestamp)
		jw_uint(w, "timestamp", p->ts);
	if (o->opts != NULL && o->opts->flowindent)
		add_flow(o, w, name);
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
	jw_t w;

	/* a body that recorded nothing has no EPID record: nothing prints */
	if (c->body != NULL && len == 0)
		return;
	jw_begin(&w, o->fp);
	jw_open(&w, NULL, '{');
	probe_fields(o, &w, p);
	jw_open(&w, "records", '[');

	const d_recdesc_t *d;
	const unsigned char *data;
	uint32_t dlen;

	while (out_rec_next(c, b, len, &off, &d, &data, &dlen)) {
		switch (d->action) {
		case D_ACT_TRACE:
			value_record(&w, "trace", d, data, dlen, o->opts);
			break;
		case D_ACT_PRINTF_ARG:
			if (nargs < JSON_MAXARGS && dlen >= d->size) {
				adesc[nargs] = d;
				adata[nargs] = data;
				nargs++;
			}
			break;
		case D_ACT_PRINTF:
			if (d->fmt != NULL)
				printf_record(&w, o, d->fmt, adesc, adata,
				    nargs);
			nargs = 0;
			break;
		case D_ACT_TRACEMEM_DSIZE:
			if (dlen >= 8)
				memcpy(&dsize, data, 8);
			break;
		case D_ACT_TRACEMEM: {
			size_t n = d->size < dlen ? d->size : dlen;

			if (dsize != 0 && dsize < n)
				n = (size_t)dsize;
			dsize = 0;
			jw_open(&w, NULL, '{');
			jw_str(&w, "kind", "tracemem", 8);
			jw_hex(&w, "bytes", data, n);
			jw_close(&w, '}');
			break;
		}
		case D_ACT_PRINT:
			if (d->ptype == NULL) {
				value_record(&w, "print", d, data, dlen,
				    o->opts);
				break;
			}
			jw_open(&w, NULL, '{');
			jw_str(&w, "kind", "print", 5);
			if (d->ptype->name != NULL)
				jw_str(&w, "type", d->ptype->name,
				    strlen(d->ptype->name));
			jw_tree(&w, "value", json_ptype(d->ptype, data, dlen));
			jw_close(&w, '}');
			break;
		case D_ACT_STACK:
			/* kernel stacks do not exist here: an empty stack */
			jw_open(&w, NULL, '{');
			jw_str(&w, "kind", "stack", 5);
			jw_open(&w, "frames", '[');
			jw_close(&w, ']');
			jw_close(&w, '}');
			break;
		case D_ACT_EXIT:
			/* the "exit" object at the end carries the status */
			break;
		case D_ACT_PRINTA: {
			json_object *r = json_printa(o->aggt, d->aggs,
			    (int)d->naggs, d->fmt, o->opts);

			if (r != NULL)
				jw_tree(&w, NULL, r);
			nargs = 0;
			break;
		}
		default:
			if (o->libact != NULL)
				o->libact(o->libact_arg, d, data, dlen, adesc,
				    adata, nargs);
			nargs = 0;
			break;
		}
	}
	jw_close(&w, ']');
	jw_close(&w, '}');
	jw_end(&w);
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
