/*
 * jsonw.c — a streaming JSON writer for the per-firing path of
 * -x oformat=json: a firing's "probe" object is written straight to the
 * output as its records are read, with no tree in between.
 *
 * Why not json-c here: building a json-c tree costs a hash table and
 * several allocations per object; on bench/drain-bench with a printing
 * clause that made JSON mode 7.5 times slower than text (2.74 s against
 * 0.37 s CPU for a million firings), far beyond the 10% the project
 * accepts for a library. Aggregations, print() values and the rare
 * objects (faults, drops, exit) are still built and encoded by json-c
 * (json_agg.c, json_print.c, json.c), and jw_tree writes such a tree in
 * place, so a printa record inside a firing is json-c's encoding.
 * Owns: separators, string escaping (RFC 8259: quote, backslash and
 * control characters escaped; bytes that are not UTF-8 written as
 * \ufffd) and number formatting. Must not: allocate (this runs for every
 * drained firing) or write anything but one line per jw_begin/jw_end.
 * Invariant: keys are the caller's ASCII constants (never escaped);
 * nesting deeper than JW_MAXDEPTH is refused by the callers' shapes
 * (firings nest three levels).
 */
#include <inttypes.h>
#include <string.h>

#include "consumer/json.h"

void
jw_begin(jw_t *w, FILE *fp)
{
	w->fp = fp;
	w->depth = 0;
	w->more[0] = 0;
}

/* The separator and key before a value at the current level. */
static void
lead(jw_t *w, const char *key)
{
	if (w->more[w->depth])
		fputc(',', w->fp);
	w->more[w->depth] = 1;
	if (key != NULL) {
		fputc('"', w->fp);
		fputs(key, w->fp);
		fputs("\":", w->fp);
	}
}

void
jw_open(jw_t *w, const char *key, int c)
{
	lead(w, key);
	fputc(c, w->fp);
	if (w->depth + 1 < JW_MAXDEPTH)
		w->more[++w->depth] = 0;
}

void
jw_close(jw_t *w, int c)
{
	fputc(c, w->fp);
	if (w->depth > 0)
		w->depth--;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
size_t
json_utf8_len(const unsigned char *s, size_t n)
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

void
jw_str(jw_t *w, const char *key, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	FILE *fp = w->fp;
	size_t i = 0, run = 0, len;

	lead(w, key);
	fputc('"', fp);
	while (i < n) {
		unsigned char c = u[i];
		const char *esc = NULL;
		char ubuf[8];

		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			run++;
			continue;
		}
		if (c >= 0x80 && (len = json_utf8_len(u + i, n - i)) != 0) {
			i += len;
			run += len;
			continue;
		}
		fwrite(u + i - run, 1, run, fp);
		run = 0;
		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\n': esc = "\\n"; break;
		case '\t': esc = "\\t"; break;
		case '\r': esc = "\\r"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		default:
			/* a control character, or a byte that is not UTF-8 */
			if (c < 0x20)
				snprintf(ubuf, sizeof(ubuf), "\\u%04x", c);
			else
				strcpy(ubuf, "\\ufffd");
			esc = ubuf;
			break;
		}
		fputs(esc, fp);
		i++;
	}
	fwrite(u + i - run, 1, run, fp);
	fputc('"', fp);
}

void
jw_int(jw_t *w, const char *key, int64_t v)
{
	lead(w, key);
	fprintf(w->fp, "%" PRId64, v);
}

void
jw_uint(jw_t *w, const char *key, uint64_t v)
{
	lead(w, key);
	fprintf(w->fp, "%" PRIu64, v);
}

void
jw_hex(jw_t *w, const char *key, const void *data, size_t n)
{
	const unsigned char *c = data;

	lead(w, key);
	fputc('"', w->fp);
	for (size_t i = 0; i < n; i++) {
		fputc("0123456789abcdef"[c[i] >> 4], w->fp);
		fputc("0123456789abcdef"[c[i] & 15], w->fp);
	}
	fputc('"', w->fp);
}

void
jw_tree(jw_t *w, const char *key, json_object *obj)
{
	size_t n = 0;
	const char *s;

	lead(w, key);
	s = obj == NULL ? NULL : json_object_to_json_string_length(obj,
	    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	if (s != NULL)
		fwrite(s, 1, n, w->fp);
	else
		fputs("null", w->fp);
	json_object_put(obj);
}

void
jw_end(jw_t *w)
{
	fputc('\n', w->fp);
	fflush(w->fp);
}
