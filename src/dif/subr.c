/*
 * subr.c — the D subroutines DIF_CALL reaches (strlen, strjoin, copyin,
 * inet_ntop, json, ustack, speculation, ...). Arguments come from the
 * tuple stack in push order; results are integers or addresses of
 * strings (or ustack/uaddr's {pid, pcs} blocks) built in scratch.
 *
 * Must not: allocate (this runs on every probe hit), read target memory
 * except through hit->read_mem, or read D memory without dif_strview /
 * dif_canload.
 * Invariant: every string produced lives in scratch (valid until the next
 * clause starts) and is read within strsize bytes: a string of exactly
 * strsize characters has no NUL, as in illumos, so every reader bounds
 * its scan by strsize rather than trusting a terminator.
 */
#include <string.h>
#include "dif/emu_impl.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "hton*/ntoh* below assume a little-endian tracer"
#endif

#define ARG(i) (st->tuple[(i)].v)

static const char *sarg(dif_state_t *st, unsigned i, size_t *len)
{
	return dif_strview(st, ARG(i), st->lim.strsize, 0, len);
}

/* Clamp a D integer to a range where index arithmetic cannot overflow. */
static int64_t clamp(uint64_t v)
{
	int64_t s = (int64_t)v;
	if (s > ((int64_t)1 << 40))
		return (int64_t)1 << 40;
	if (s < -((int64_t)1 << 40))
		return -((int64_t)1 << 40);
	return s;
}

static int s_substr(dif_state_t *st, unsigned n, uint64_t *out)
{
	size_t len;
	const char *s = sarg(st, 0, &len);
	if (s == NULL)
		return -1;
	int64_t slen = (int64_t)len, idx = clamp(ARG(1));
	int64_t rem = n == 3 ? clamp(ARG(2)) : (int64_t)st->lim.strsize;
	if (idx < 0) {
		idx += slen;
		if (idx < 0 && idx + rem > 0) {
			rem += idx;
			idx = 0;
		}
	}
	if (idx < 0 || idx >= slen) {
		idx = 0;
		rem = 0;
	} else if (rem < 0) {
		rem += slen - idx;      /* stop |n| bytes before the end */
		if (rem < 0)
			rem = 0;
	} else if (idx + rem > slen) {
		rem = slen - idx;
	}
	return dif_scratch_str(st, s + idx, (size_t)rem, out);
}

static int64_t find_fwd(const char *s, int64_t ls, const char *t, int64_t lt,
    int64_t from)
{
	if (from < 0)
		from = 0;
	for (int64_t i = from; i + lt <= ls; i++)
		if (memcmp(s + i, t, (size_t)lt) == 0)
			return i;
	return -1;
}

static int64_t find_back(const char *s, int64_t ls, const char *t,
    int64_t lt, int64_t from)
{
	int64_t i = ls - lt;
	if (from < i)
		i = from;
	for (; i >= 0; i--)
		if (memcmp(s + i, t, (size_t)lt) == 0)
			return i;
	return -1;
}

static int s_index(dif_state_t *st, unsigned n, int back, uint64_t *out)
{
	size_t ls, lt;
	const char *s = sarg(st, 0, &ls);
	if (s == NULL)
		return -1;
	const char *t = sarg(st, 1, &lt);
	if (t == NULL)
		return -1;
	int64_t r;
	if (back)
		r = find_back(s, (int64_t)ls, t, (int64_t)lt,
		    n == 3 ? clamp(ARG(2)) : (int64_t)ls);
	else
		r = find_fwd(s, (int64_t)ls, t, (int64_t)lt,
		    n == 3 ? clamp(ARG(2)) : 0);
	*out = (uint64_t)r;
	return 0;
}

static int s_strchr(dif_state_t *st, int back, uint64_t *out)
{
	size_t ls;
	const char *s = sarg(st, 0, &ls);
	if (s == NULL)
		return -1;
	char c = (char)ARG(1);
	*out = 0;
	if (c == 0) {
		/* C finds the terminator; only if it is really there */
		if (dif_canload(st, dif_ptr(s + ls), 1) && s[ls] == 0)
			*out = dif_ptr(s + ls);
		return 0;
	}
	const char *p = back ? memrchr(s, c, ls) : memchr(s, c, ls);
	if (p != NULL)
		*out = dif_ptr(p);
	return 0;
}

static int is_sep(const char *sep, size_t lsep, char c)
{
	return memchr(sep, c, lsep) != NULL;
}

static int s_strtok(dif_state_t *st, uint64_t *out)
{
	size_t lsep;
	*out = 0;
	if (ARG(0) != 0) {
		size_t ls;
		const char *s = sarg(st, 0, &ls);
		if (s == NULL)
			return -1;
		/* illumos scans at most strsize - 1 bytes of the input */
		if (ls > st->lim.strsize - 1)
			ls = st->lim.strsize - 1;
		memmove(st->tokbuf, s, ls);
		st->tok_len = ls;
		st->tok_pos = 0;
		st->tok_valid = 1;
	}
	const char *sep = sarg(st, 1, &lsep);
	if (sep == NULL)
		return -1;
	/*
	 * As DTrace: the saved position starts NULL in each firing and is
	 * NULL again once a scan found no token, and scanning it faults.
	 */
	if (!st->tok_valid)
		return dif_fail(st, DIF_FAULT_BADADDR, 0);
	const char *b = (const char *)st->tokbuf;
	size_t i = st->tok_pos;
	while (i < st->tok_len && is_sep(sep, lsep, b[i]))
		i++;
	if (i >= st->tok_len) {
		st->tok_valid = 0;
		return 0;
	}
	size_t j = i;
	while (j < st->tok_len && !is_sep(sep, lsep, b[j]))
		j++;
	/* resume *at* the delimiter: the next call's set decides whether it is one */
	st->tok_pos = j;
	return dif_scratch_str(st, b + i, j - i, out);
}

static int s_basename(dif_state_t *st, int dir, uint64_t *out)
{
	size_t len;
	const char *s = sarg(st, 0, &len);
	if (s == NULL)
		return -1;
	if (len == 0)
		return dif_scratch_str(st, ".", 1, out);
	size_t end = len;
	while (end > 1 && s[end - 1] == '/')
		end--;
	size_t slash = end;
	while (slash > 0 && s[slash - 1] != '/')
		slash--;
	if (!dir) {
		if (end == 1 && s[0] == '/')
			return dif_scratch_str(st, "/", 1, out);
		return dif_scratch_str(st, s + slash, end - slash, out);
	}
	if (slash == 0)   /* no slash: "a" -> "." */
		return dif_scratch_str(st, ".", 1, out);
	size_t d = slash - 1;   /* drop the slash and the ones before it */
	while (d > 0 && s[d - 1] == '/')
		d--;
	if (d == 0)
		return dif_scratch_str(st, "/", 1, out);
	return dif_scratch_str(st, s, d, out);
}

/*
 * Collapse "//", drop "/./" and resolve "x/../" lexically; ".." above the
 * root of an absolute path stays at the root; a trailing "/" is kept.
 */
static int s_cleanpath(dif_state_t *st, uint64_t *out)
{
	size_t len;
	const char *s = sarg(st, 0, &len);
	if (s == NULL)
		return -1;
	char *o = (char *)dif_scratch_alloc(st, len + 2);
	if (o == NULL)
		return -1;
	size_t n = 0, i = 0, keep = 0;  /* keep: bytes that ".." must not pop */
	int abs = len > 0 && s[0] == '/';
	if (abs)
		o[n++] = '/', keep = 1;
	while (i < len) {
		while (i < len && s[i] == '/')
			i++;
		size_t j = i;
		while (j < len && s[j] != '/')
			j++;
		size_t cl = j - i;
		if (cl == 0 || (cl == 1 && s[i] == '.')) {
			i = j;
			continue;
		}
		if (cl == 2 && s[i] == '.' && s[i + 1] == '.') {
			if (n > keep) {
				/* pop the last component and its slash */
				while (n > keep && o[n - 1] != '/')
					n--;
				if (n > keep)
					n--;
				i = j;
				continue;
			}
			if (abs) {
				i = j;
				continue;
			}
		}
		if (n > 0 && o[n - 1] != '/')
			o[n++] = '/';
		memcpy(o + n, s + i, cl);
		n += cl;
		if (cl == 2 && s[i] == '.' && s[i + 1] == '.')
			keep = n;   /* a leading ".." of a relative path stays */
		i = j;
	}
	if (len > 0 && s[len - 1] == '/' && n > 0 && o[n - 1] != '/')
		o[n++] = '/';
	if (n == 0 && len > 0)
		o[n++] = '.';
	o[n] = 0;
	*out = dif_ptr(o);
	return 0;
}

static int s_lltostr(dif_state_t *st, unsigned n, uint64_t *out)
{
	uint64_t v = ARG(0), base = n == 2 ? ARG(1) : 10;
	if (base < 2 || base > 36)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	char buf[80];
	size_t i = sizeof(buf);
	int neg = 0;
	if (base == 10 && (int64_t)v < 0) {
		neg = 1;
		v = 0 - v;
	}
	do {
		buf[--i] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % base];
		v /= base;
	} while (v != 0);
	if (base == 16) {
		buf[--i] = 'x';
		buf[--i] = '0';
	} else if (base == 8 && buf[i] != '0') {
		buf[--i] = '0';
	}
	if (neg)
		buf[--i] = '-';
	return dif_scratch_str(st, buf + i, sizeof(buf) - i, out);
}

static int s_case(dif_state_t *st, int upper, uint64_t *out)
{
	size_t len;
	const char *s = sarg(st, 0, &len);
	/* unlike most subroutines, illumos converts at most strsize - 1 */
	if (s != NULL && len > st->lim.strsize - 1)
		len = st->lim.strsize - 1;
	if (s == NULL || dif_scratch_str(st, s, len, out) != 0)
		return -1;
	char *p = dif_addr(*out);
	for (size_t i = 0; i < len; i++) {
		if (upper && p[i] >= 'a' && p[i] <= 'z')
			p[i] = (char)(p[i] - 'a' + 'A');
		else if (!upper && p[i] >= 'A' && p[i] <= 'Z')
			p[i] = (char)(p[i] - 'A' + 'a');
	}
	return 0;
}

static int digit(char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'z') return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
	return 99;
}

/* C strtoll: leading blanks, sign, 0x for base 16, saturating. */
static int s_strtoll(dif_state_t *st, unsigned n, uint64_t *out)
{
	size_t len;
	const char *s = sarg(st, 0, &len);
	if (s == NULL)
		return -1;
	uint64_t base = n == 2 ? ARG(1) : 10;
	if (base < 2 || base > 36)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	size_t i = 0;
	while (i < len && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')))
		i++;
	int neg = 0;
	if (i < len && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	if (base == 16 && i + 2 < len && s[i] == '0' &&
	    (s[i + 1] == 'x' || s[i + 1] == 'X') && digit(s[i + 2]) < 16)
		i += 2;
	uint64_t v = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX;
	int over = 0;
	for (; i < len && (uint64_t)digit(s[i]) < base; i++) {
		uint64_t d = (uint64_t)digit(s[i]);
		if (v > (lim - d) / base)
			over = 1;
		else
			v = v * base + d;
	}
	if (over)
		v = lim;
	*out = neg ? 0 - v : v;
	return 0;
}

/* "a.b.c.d" into buf (at least 16 bytes); returns its length. */
static size_t fmt4(char *buf, const uint8_t *b)
{
	size_t n = 0;
	for (int i = 0; i < 4; i++) {
		unsigned v = b[i];
		if (i)
			buf[n++] = '.';
		if (v >= 100)
			buf[n++] = (char)('0' + v / 100);
		if (v >= 10)
			buf[n++] = (char)('0' + v / 10 % 10);
		buf[n++] = (char)('0' + v % 10);
	}
	return n;
}

static int ntoa4(dif_state_t *st, const uint8_t *b, uint64_t *out)
{
	char buf[16];
	return dif_scratch_str(st, buf, fmt4(buf, b), out);
}

/*
 * RFC 5952 text: lowercase, longest run (>= 2) of zero groups as "::".
 * An IPv4-mapped address is "::ffff:a.b.c.d" and an IPv4-compatible one
 * "::a.b.c.d", except that inet_ntoa6() prints only the IPv4 part, as
 * DTrace does.
 */
static int ntoa6(dif_state_t *st, const uint8_t *b, int v4only, uint64_t *out)
{
	unsigned g[8];
	for (int i = 0; i < 8; i++)
		g[i] = (unsigned)b[2 * i] << 8 | b[2 * i + 1];
	char buf[48];
	size_t n = 0;
	/* IPv4-compatible (::a.b.c.d, not :: or ::1) counts for inet_ntoa6 too */
	uint32_t low = (uint32_t)g[6] << 16 | g[7];
	if (!g[0] && !g[1] && !g[2] && !g[3] && !g[4] && !g[5] && low > 1) {
		if (v4only)
			return ntoa4(st, b + 12, out);
		memcpy(buf, "::", 2);
		return dif_scratch_str(st, buf, 2 + fmt4(buf + 2, b + 12), out);
	}
	if (!g[0] && !g[1] && !g[2] && !g[3] && !g[4] && g[5] == 0xffff) {
		if (v4only)
			return ntoa4(st, b + 12, out);
		memcpy(buf, "::ffff:", 7);
		return dif_scratch_str(st, buf, 7 + fmt4(buf + 7, b + 12), out);
	}
	int best = -1, bestlen = 1;
	for (int i = 0; i < 8;) {
		if (g[i] != 0) {
			i++;
			continue;
		}
		int j = i;
		while (j < 8 && g[j] == 0)
			j++;
		if (j - i > bestlen) {
			best = i;
			bestlen = j - i;
		}
		i = j;
	}
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			buf[n++] = ':';
			if (i == 0)
				buf[n++] = ':';
			i += bestlen - 1;
			continue;
		}
		char h[5];
		int hl = 0;
		unsigned v = g[i];
		do {
			h[hl++] = "0123456789abcdef"[v & 15];
			v >>= 4;
		} while (v);
		while (hl)
			buf[n++] = h[--hl];
		if (i < 7)
			buf[n++] = ':';
	}
	return dif_scratch_str(st, buf, n, out);
}

static int s_inet(dif_state_t *st, unsigned which, unsigned n, uint64_t *out)
{
	uint64_t af, p;
	if (which == DIF_SUBR_INET_NTOP) {
		if (n != 2)
			return dif_fail(st, DIF_FAULT_ILLOP, 0);
		af = ARG(0);
		p = ARG(1);
	} else {
		af = which == DIF_SUBR_INET_NTOA ? 2 : 10;
		p = ARG(0);
	}
	if (af != 2 && af != 10)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	size_t sz = af == 2 ? 4 : 16;
	if (!dif_canload(st, p, sz))
		return dif_fail(st, DIF_FAULT_BADADDR, p);
	uint8_t b[16];
	memcpy(b, dif_addr(p), sz);
	return af == 2 ? ntoa4(st, b, out) :
	    ntoa6(st, b, which == DIF_SUBR_INET_NTOA6, out);
}

static int read_target(dif_state_t *st, const dif_hit_t *hit, uint64_t ua,
    void *buf, size_t len)
{
	if (len == 0)
		return 0;
	if (hit == NULL || hit->read_mem == NULL ||
	    hit->read_mem(hit->read_arg, ua, buf, len) != 0)
		return dif_fail(st, DIF_FAULT_BADADDR, ua);
	return 0;
}

static int s_copyinstr(dif_state_t *st, const dif_hit_t *hit, unsigned n,
    uint64_t *out)
{
	uint64_t ua = ARG(0);
	size_t lim = st->lim.strsize - 1;
	if (n == 2 && ARG(1) < lim)
		lim = (size_t)ARG(1);
	size_t start = st->scratch_used;
	uint8_t *p = dif_scratch_alloc(st, lim + 1);
	if (p == NULL)
		return -1;
	/* read page by page: the string may end just before an unmapped page */
	size_t got = 0, len = lim;
	while (got < lim) {
		uint64_t a = ua + got;
		size_t chunk = 4096 - (size_t)(a & 4095);
		if (chunk > lim - got)
			chunk = lim - got;
		if (read_target(st, hit, a, p + got, chunk) != 0)
			return -1;
		uint8_t *nul = memchr(p + got, 0, chunk);
		if (nul != NULL) {
			len = (size_t)(nul - p);
			break;
		}
		got += chunk;
	}
	memset(p + len, 0, lim + 1 - len);
	st->scratch_used = start + ((len + 1 + 7) & ~(size_t)7);
	*out = dif_ptr(p);
	return 0;
}

/* ---- json(s, selector) ---- */

typedef struct { const char *p, *end; int depth; } jcur_t;

static void jws(jcur_t *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
	    *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static int jstring(jcur_t *c)
{
	if (c->p >= c->end || *c->p != '"')
		return -1;
	for (c->p++; c->p < c->end; c->p++) {
		if (*c->p == '\\') {
			c->p++;
			continue;
		}
		if (*c->p == '"') {
			c->p++;
			return 0;
		}
	}
	return -1;
}

static int jvalue(jcur_t *c);

static int jcontainer(jcur_t *c, char close, int obj)
{
	if (++c->depth > 64)
		return -1;
	c->p++;
	jws(c);
	if (c->p < c->end && *c->p == close) {
		c->p++;
		c->depth--;
		return 0;
	}
	for (;;) {
		jws(c);
		if (obj) {
			if (jstring(c) != 0)
				return -1;
			jws(c);
			if (c->p >= c->end || *c->p++ != ':')
				return -1;
		}
		if (jvalue(c) != 0)
			return -1;
		jws(c);
		if (c->p >= c->end)
			return -1;
		if (*c->p == ',') {
			c->p++;
			continue;
		}
		if (*c->p++ != close)
			return -1;
		c->depth--;
		return 0;
	}
}

static int jvalue(jcur_t *c)
{
	jws(c);
	if (c->p >= c->end)
		return -1;
	if (*c->p == '{')
		return jcontainer(c, '}', 1);
	if (*c->p == '[')
		return jcontainer(c, ']', 0);
	if (*c->p == '"')
		return jstring(c);
	const char *b = c->p;
	while (c->p < c->end && (digit(*c->p) < 36 || *c->p == '-' ||
	    *c->p == '+' || *c->p == '.'))
		c->p++;
	return c->p > b ? 0 : -1;
}

/* Move c to the value of key k (klen bytes) of the object at c. */
static int jmember(jcur_t *c, const char *k, size_t klen)
{
	jws(c);
	if (c->p >= c->end || *c->p != '{')
		return -1;
	c->p++;
	for (;;) {
		jws(c);
		const char *ks = c->p + 1;
		if (jstring(c) != 0)
			return -1;
		size_t kl = (size_t)(c->p - 1 - ks);
		jws(c);
		if (c->p >= c->end || *c->p++ != ':')
			return -1;
		jws(c);
		if (kl == klen && memcmp(ks, k, klen) == 0)
			return 0;
		if (jvalue(c) != 0)
			return -1;
		jws(c);
		if (c->p >= c->end || *c->p++ != ',')
			return -1;
	}
}

static int jelement(jcur_t *c, uint64_t idx)
{
	jws(c);
	if (c->p >= c->end || *c->p != '[')
		return -1;
	c->p++;
	for (uint64_t i = 0;; i++) {
		jws(c);
		if (i == idx)
			return c->p < c->end && *c->p != ']' ? 0 : -1;
		if (jvalue(c) != 0)
			return -1;
		jws(c);
		if (c->p >= c->end || *c->p++ != ',')
			return -1;
	}
}

static int s_json(dif_state_t *st, uint64_t *out)
{
	size_t ls, lq;
	const char *s = sarg(st, 0, &ls);
	if (s == NULL)
		return -1;
	const char *q = sarg(st, 1, &lq);
	if (q == NULL)
		return -1;
	jcur_t c = { s, s + ls, 0 };
	*out = 0;
	size_t i = 0;
	while (i < lq) {
		size_t j = i;
		while (j < lq && q[j] != '.' && q[j] != '[')
			j++;
		if (j > i && jmember(&c, q + i, j - i) != 0)
			return 0;
		i = j;
		while (i < lq && q[i] == '[') {
			uint64_t idx = 0;
			for (i++; i < lq && q[i] >= '0' && q[i] <= '9'; i++)
				idx = idx * 10 + (uint64_t)(q[i] - '0');
			if (i >= lq || q[i] != ']')
				return 0;
			i++;
			if (jelement(&c, idx) != 0)
				return 0;
		}
		if (i < lq) {
			if (q[i] != '.')
				return 0;
			i++;
		}
	}
	jws(&c);
	const char *b = c.p;
	if (jvalue(&c) != 0)
		return 0;
	if (*b != '"')
		return dif_scratch_str(st, b, (size_t)(c.p - b), out);
	/* a string value: its contents, simple escapes decoded */
	uint8_t *o = dif_scratch_alloc(st, (uint64_t)(c.p - b));
	if (o == NULL)
		return -1;
	size_t n = 0;
	for (const char *p = b + 1; p < c.p - 1; p++) {
		char ch = *p;
		if (ch == '\\' && p + 1 < c.p - 1) {
			ch = *++p;
			switch (ch) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			default: break;      /* \" \\ \/ and others: the char */
			}
		}
		o[n++] = (uint8_t)ch;
	}
	o[n] = 0;
	*out = dif_ptr(o);
	return 0;
}

/* Minimum and maximum argument counts, indexed by enum dif_subr. */
static const uint8_t nargs[DIF_SUBR_MAX][2] = {
	[DIF_SUBR_STRLEN] = {1, 1}, [DIF_SUBR_STRJOIN] = {2, 2},
	[DIF_SUBR_SUBSTR] = {2, 3}, [DIF_SUBR_INDEX] = {2, 3},
	[DIF_SUBR_RINDEX] = {2, 3}, [DIF_SUBR_STRSTR] = {2, 2},
	[DIF_SUBR_STRCHR] = {2, 2}, [DIF_SUBR_STRRCHR] = {2, 2},
	[DIF_SUBR_STRTOK] = {2, 2}, [DIF_SUBR_BASENAME] = {1, 1},
	[DIF_SUBR_DIRNAME] = {1, 1}, [DIF_SUBR_CLEANPATH] = {1, 1},
	[DIF_SUBR_LLTOSTR] = {1, 2}, [DIF_SUBR_TOUPPER] = {1, 1},
	[DIF_SUBR_TOLOWER] = {1, 1}, [DIF_SUBR_STRTOLL] = {1, 2},
	[DIF_SUBR_HTONS] = {1, 1}, [DIF_SUBR_HTONL] = {1, 1},
	[DIF_SUBR_HTONLL] = {1, 1}, [DIF_SUBR_NTOHS] = {1, 1},
	[DIF_SUBR_NTOHL] = {1, 1}, [DIF_SUBR_NTOHLL] = {1, 1},
	[DIF_SUBR_RAND] = {0, 0}, [DIF_SUBR_ALLOCA] = {1, 1},
	[DIF_SUBR_BCOPY] = {3, 3}, [DIF_SUBR_COPYIN] = {2, 2},
	[DIF_SUBR_COPYINSTR] = {1, 2}, [DIF_SUBR_COPYINTO] = {3, 3},
	[DIF_SUBR_PROGENYOF] = {1, 1}, [DIF_SUBR_INET_NTOA] = {1, 1},
	[DIF_SUBR_INET_NTOA6] = {1, 1}, [DIF_SUBR_INET_NTOP] = {2, 2},
	[DIF_SUBR_JSON] = {2, 2}, [DIF_SUBR_SPECULATION] = {0, 0},
	[DIF_SUBR_USTACK] = {1, 1}, [DIF_SUBR_UADDR] = {1, 1},
};

/* DTrace's own ceiling on ustack()'s frame count. */
#define USTACK_MAX 1024

/*
 * ustack(n): {pid, n pcs} in scratch, so the record carries the process
 * to symbolise against; frames the hit does not have read as 0, which
 * the consumer takes as the end of the stack.
 */
static int s_ustack(dif_state_t *st, const dif_hit_t *hit, uint64_t *out)
{
	int64_t nf = (int64_t)ARG(0);
	if (nf < 0 || nf > USTACK_MAX)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	uint8_t *p = dif_scratch_alloc(st, 8 * ((uint64_t)nf + 1));
	if (p == NULL)
		return -1;
	if (hit != NULL) {
		uint64_t pid = (uint64_t)(int64_t)hit->pid;
		size_t n = hit->ustack != NULL ? hit->nustack : 0;
		if (n > (size_t)nf)
			n = (size_t)nf;
		memcpy(p, &pid, 8);
		if (n > 0)
			memcpy(p + 8, hit->ustack, 8 * n);
	}
	*out = dif_ptr(p);
	return 0;
}

int dif_subr(dif_state_t *st, const dif_hit_t *hit, uint32_t subr,
    uint64_t *out)
{
	unsigned n = st->ntuple;
	size_t la, lb;
	const char *a, *b;

	*out = 0;
	if (subr == 0 || subr >= DIF_SUBR_MAX || n < nargs[subr][0] ||
	    n > nargs[subr][1])
		return dif_fail(st, DIF_FAULT_ILLOP, 0);

	switch (subr) {
	case DIF_SUBR_STRLEN:
		if (sarg(st, 0, &la) == NULL)
			return -1;
		*out = la;
		return 0;
	case DIF_SUBR_STRJOIN: {
		if ((a = sarg(st, 0, &la)) == NULL || (b = sarg(st, 1, &lb)) == NULL)
			return -1;
		if (la + lb + 1 > st->lim.strsize)
			return dif_fail(st, DIF_FAULT_NOSCRATCH, 0);
		uint8_t *p = dif_scratch_alloc(st, la + lb + 1);
		if (p == NULL)
			return -1;
		memmove(p, a, la);
		memmove(p + la, b, lb);
		*out = dif_ptr(p);
		return 0;
	}
	case DIF_SUBR_SUBSTR:   return s_substr(st, n, out);
	case DIF_SUBR_INDEX:    return s_index(st, n, 0, out);
	case DIF_SUBR_RINDEX:   return s_index(st, n, 1, out);
	case DIF_SUBR_STRSTR: {
		if ((a = sarg(st, 0, &la)) == NULL || (b = sarg(st, 1, &lb)) == NULL)
			return -1;
		int64_t i = find_fwd(a, (int64_t)la, b, (int64_t)lb, 0);
		*out = i < 0 ? 0 : dif_ptr(a + i);
		return 0;
	}
	case DIF_SUBR_STRCHR:   return s_strchr(st, 0, out);
	case DIF_SUBR_STRRCHR:  return s_strchr(st, 1, out);
	case DIF_SUBR_STRTOK:   return s_strtok(st, out);
	case DIF_SUBR_BASENAME: return s_basename(st, 0, out);
	case DIF_SUBR_DIRNAME:  return s_basename(st, 1, out);
	case DIF_SUBR_CLEANPATH: return s_cleanpath(st, out);
	case DIF_SUBR_LLTOSTR:  return s_lltostr(st, n, out);
	case DIF_SUBR_TOUPPER:  return s_case(st, 1, out);
	case DIF_SUBR_TOLOWER:  return s_case(st, 0, out);
	case DIF_SUBR_STRTOLL:  return s_strtoll(st, n, out);
	case DIF_SUBR_HTONS:
	case DIF_SUBR_NTOHS:
		*out = __builtin_bswap16((uint16_t)ARG(0));
		return 0;
	case DIF_SUBR_HTONL:
	case DIF_SUBR_NTOHL:
		*out = __builtin_bswap32((uint32_t)ARG(0));
		return 0;
	case DIF_SUBR_HTONLL:
	case DIF_SUBR_NTOHLL:
		*out = __builtin_bswap64(ARG(0));
		return 0;
	case DIF_SUBR_RAND: {
		/* xorshift64*: cheap, and rand() promises nothing more */
		uint64_t x = st->rand_state;
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		st->rand_state = x;
		*out = (uint64_t)(int64_t)(int32_t)((x * 0x2545F4914F6CDD1Dull) >> 32);
		return 0;
	}
	case DIF_SUBR_ALLOCA: {
		uint8_t *p = dif_scratch_alloc(st, ARG(0));
		if (p == NULL)
			return -1;
		*out = dif_ptr(p);
		return 0;
	}
	case DIF_SUBR_BCOPY: {
		uint64_t src = ARG(0), dst = ARG(1), len = ARG(2);
		const dif_region_t *sc = &st->rg[DIF_RG_SCRATCH];
		if (!dif_canload(st, src, len))
			return dif_fail(st, DIF_FAULT_BADADDR, src);
		/* as DTrace: the destination must lie in what alloca() handed out */
		if (dst < sc->base || dst - sc->base > st->scratch_used ||
		    len > st->scratch_used - (dst - sc->base))
			return dif_fail(st, DIF_FAULT_BADADDR, dst);
		memmove(dif_addr(dst), dif_addr(src), (size_t)len);
		return 0;
	}
	case DIF_SUBR_COPYIN: {
		uint8_t *p = dif_scratch_alloc(st, ARG(1));
		if (p == NULL || read_target(st, hit, ARG(0), p, (size_t)ARG(1)) != 0)
			return -1;
		*out = dif_ptr(p);
		return 0;
	}
	case DIF_SUBR_COPYINSTR: return s_copyinstr(st, hit, n, out);
	case DIF_SUBR_COPYINTO:
		if (!dif_canstore(st, ARG(2), ARG(1)))
			return dif_fail(st, DIF_FAULT_BADADDR, ARG(2));
		return read_target(st, hit, ARG(0), dif_addr(ARG(2)),
		    (size_t)ARG(1));
	case DIF_SUBR_PROGENYOF: {
		/*
		 * As DTrace walks p_parent: the process, its parent, and each
		 * parent's parent as the system has them now (psinfo's
		 * pr_ppid through xlate: a process gone reads 0, ending the
		 * walk, and one reparented names its new parent, as on
		 * illumos). Bounded: pids may be reused into a cycle.
		 */
		int64_t p = (int64_t)ARG(0);
		*out = hit != NULL && (hit->pid == p || hit->ppid == p);
		if (*out || hit == NULL || hit->xlate == NULL)
			return 0;
		for (int32_t cur = hit->ppid, n = 0; cur > 0 && n < 1024; n++) {
			udt_psinfo_t ps;
			memset(&ps, 0, sizeof(ps));
			hit->xlate(hit->xlate_arg, UDT_XL_PSINFO, cur, &ps,
			    sizeof(ps));
			if (ps.pr_ppid == cur)
				break;
			cur = ps.pr_ppid;
			if (cur == p) {
				*out = 1;
				break;
			}
		}
		return 0;
	}
	case DIF_SUBR_INET_NTOA:
	case DIF_SUBR_INET_NTOA6:
	case DIF_SUBR_INET_NTOP:
		return s_inet(st, subr, n, out);
	case DIF_SUBR_JSON:     return s_json(st, out);
	case DIF_SUBR_SPECULATION:
		if (hit != NULL && hit->speculation != NULL)
			*out = hit->speculation(hit->spec_arg);
		return 0;
	case DIF_SUBR_USTACK:   return s_ustack(st, hit, out);
	case DIF_SUBR_UADDR: {
		uint8_t *p = dif_scratch_alloc(st, 16);
		if (p == NULL)
			return -1;
		uint64_t pid = hit != NULL ? (uint64_t)(int64_t)hit->pid : 0;
		memcpy(p, &pid, 8);
		memcpy(p + 8, &ARG(0), 8);
		*out = dif_ptr(p);
		return 0;
	}
	default:
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	}
}
