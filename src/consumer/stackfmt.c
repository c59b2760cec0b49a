/*
 * stackfmt.c — folded stacks and SVG flame graphs of ustack()-keyed
 * aggregations (see stackfmt.h).
 *
 * Owns: the folded text, the frame tree the SVG is drawn from, and every
 * byte of the SVG (markup, colours, the script for tooltips and zoom).
 * Must not: run on the probe path (it allocates freely) or depend on
 * anything outside the document it writes (no fonts, links or scripts
 * from elsewhere), so the file opens anywhere, offline.
 * Invariant: a frame's text is never empty and never holds ';' or a
 * newline, so a folded line splits back into exactly its frames.
 */
#include "consumer/stackfmt.h"
#include "consumer/symfmt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int stackfmt_of(const d_aggdesc_t *a, const udt_opts_t *opts)
{
	int kind;
	if (opts == NULL || a == NULL)
		return STACKFMT_NONE;
	if (strcmp(opts->stackformat, "folded") == 0)
		kind = STACKFMT_FOLDED;
	else if (strcmp(opts->stackformat, "svg") == 0)
		kind = STACKFMT_SVG;
	else
		return STACKFMT_NONE;
	switch (a->func) {
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE:
		return STACKFMT_NONE;     /* a histogram is no frame width */
	}
	for (uint32_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].type == D_RT_USTACK)
			return kind;
	return STACKFMT_NONE;
}

/* ---- folded text ---- */

/*
 * The executable of pid, by basename, while /proc still shows it (cached:
 * the final print often runs after a -c target has exited).
 */
static const char *exe_of(int pid)
{
	static struct { int pid; char name[256]; } cache[16];
	static unsigned next;
	char path[64], target[PATH_MAX];
	for (unsigned i = 0; i < 16; i++)
		if (cache[i].pid == pid && pid != 0)
			return cache[i].name;
	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	ssize_t n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return NULL;
	target[n] = '\0';
	/* an executable replaced on disk reads "path (deleted)" */
	char *del = strstr(target, " (deleted)");
	if (del != NULL)
		*del = '\0';
	const char *base = strrchr(target, '/');
	base = base ? base + 1 : target;
	unsigned k = next++ % 16;
	cache[k].pid = pid;
	snprintf(cache[k].name, sizeof(cache[k].name), "%.255s", base);
	return cache[k].name;
}

/* Is mod the executable of pid (else a shared object or the vdso)? */
static int in_exe(int pid, const char *mod)
{
	const char *exe = exe_of(pid);
	if (exe != NULL)
		return strcmp(exe, mod) == 0;
	/* the process is gone: shared objects are named *.so* */
	return mod[0] != '[' && strstr(mod, ".so") == NULL;
}

/* Append s to buf (position *pos), ';' and newlines made harmless. */
static void put(char *buf, size_t len, size_t *pos, const char *s)
{
	for (; *s; s++) {
		char c = *s == ';' ? ':' : (*s == '\n' || *s == '\r') ? ' ' : *s;
		if (*pos + 1 < len)
			buf[*pos] = c;
		(*pos)++;
	}
	if (len > 0)
		buf[*pos < len ? *pos : len - 1] = '\0';
}

/* The ';' between two frames (put() would make it ':'). */
static void put_sep(char *buf, size_t len, size_t *pos)
{
	if (*pos == 0)
		return;
	if (*pos + 1 < len)
		buf[*pos] = ';';
	(*pos)++;
	if (len > 0)
		buf[*pos < len ? *pos : len - 1] = '\0';
}

static void put_frame(char *buf, size_t len, size_t *pos, int pid,
    uint64_t pc, const udt_opts_t *opts)
{
	char mod[256] = "", sym[512] = "", text[800];
	uint64_t off = 0;
	int known = 0;
	if (udt_symbolize != NULL && !opts->noresolve)
		known = udt_symbolize(pid, pc, mod, sizeof(mod), sym,
		    sizeof(sym), &off) == 0;
	if (!known || sym[0] == '\0')
		snprintf(text, sizeof(text), "0x%llx", (unsigned long long)pc);
	else if (mod[0] == '\0' || in_exe(pid, mod))
		snprintf(text, sizeof(text), "%s", sym);
	else
		snprintf(text, sizeof(text), "%s`%s", mod, sym);
	put_sep(buf, len, pos);
	put(buf, len, pos, text);
}

static void put_key(char *buf, size_t len, size_t *pos, const d_recdesc_t *k,
    const unsigned char *p, const udt_opts_t *opts)
{
	char text[1024];
	switch (k->type) {
	case D_RT_USTACK: {
		size_t n = k->size / 8;
		uint64_t pid, pc;
		if (n < 2)
			return;
		memcpy(&pid, p, 8);
		size_t last = 1;
		while (last < n) {
			memcpy(&pc, p + last * 8, 8);
			if (pc == 0)
				break;
			last++;
		}
		for (size_t i = last; i-- > 1; ) {
			memcpy(&pc, p + i * 8, 8);
			put_frame(buf, len, pos, (int)pid, pc, opts);
		}
		return;
	}
	case D_RT_INT: {
		int64_t v = 0;
		memcpy(&v, p, 8);
		if (k->size == 4)
			v = (int32_t)(uint32_t)(uint64_t)v;
		snprintf(text, sizeof(text), "%lld", (long long)v);
		break;
	}
	case D_RT_STRING:
		snprintf(text, sizeof(text), "%.*s", (int)strnlen((const char *)p,
		    k->size), (const char *)p);
		break;
	case D_RT_USYM:
	case D_RT_UADDR:
	case D_RT_UMOD: {
		uint64_t pid, pc;
		memcpy(&pid, p, 8);
		memcpy(&pc, p + 8, 8);
		symfmt_addr(text, sizeof(text), k->type == D_RT_USYM ?
		    SYMFMT_USYM : k->type == D_RT_UMOD ? SYMFMT_UMOD :
		    SYMFMT_UADDR, (int)pid, pc, opts);
		break;
	}
	default:
		return;       /* raw bytes name no frame */
	}
	if (text[0] == '\0')
		snprintf(text, sizeof(text), "-");
	put_sep(buf, len, pos);
	put(buf, len, pos, text);
}

size_t stackfmt_folded(char *buf, size_t len, const d_aggdesc_t *a,
    const unsigned char *key, const udt_opts_t *opts)
{
	size_t pos = 0;
	if (len > 0)
		buf[0] = '\0';
	/* other keys first: they group the stacks, as a process name would */
	for (uint32_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].type != D_RT_USTACK)
			put_key(buf, len, &pos, &a->keys[i], key + a->keyoff[i],
			    opts);
	for (uint32_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].type == D_RT_USTACK)
			put_key(buf, len, &pos, &a->keys[i], key + a->keyoff[i],
			    opts);
	if (pos == 0)
		put(buf, len, &pos, "-");    /* a stack with no frame at all */
	return pos;
}

typedef struct fline {
	char *text;
	int64_t value;
} fline_t;

static int by_text(const void *x, const void *y)
{
	return strcmp(((const fline_t *)x)->text, ((const fline_t *)y)->text);
}

/* Ascending values, as the default layout sorts, then by text. */
static int by_value(const void *x, const void *y)
{
	const fline_t *a = x, *b = y;
	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	return strcmp(a->text, b->text);
}

/* Two rows that fold to the same line (pcs differing by offset) become one. */
static int64_t merge(int func, int64_t a, int64_t b)
{
	switch (func) {
	case D_AGG_MIN:
		return a < b ? a : b;
	case D_AGG_MAX:
		return a > b ? a : b;
	case D_AGG_AVG:
	case D_AGG_STDDEV:
		return a > b ? a : b;   /* no counts here: the larger shows */
	}
	return a + b;                   /* count, sum */
}

int stackfmt_print(FILE *fp, const d_aggdesc_t *a,
    const unsigned char *const *keys, const int64_t *vals, size_t n,
    const udt_opts_t *opts)
{
	int kind = stackfmt_of(a, opts);
	fline_t *v = calloc(n ? n : 1, sizeof(*v));
	const char **texts = calloc(n ? n : 1, sizeof(*texts));
	int64_t *values = calloc(n ? n : 1, sizeof(*values));
	size_t m = 0;
	int rc = 0;
	if (v == NULL || texts == NULL || values == NULL) {
		rc = -1;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		size_t need = stackfmt_folded(NULL, 0, a, keys[i], opts);
		if ((v[i].text = malloc(need + 1)) == NULL) {
			rc = -1;
			goto out;
		}
		stackfmt_folded(v[i].text, need + 1, a, keys[i], opts);
		v[i].value = vals[i];
	}
	qsort(v, n, sizeof(*v), by_text);
	for (size_t i = 0; i < n; i++) {
		if (m > 0 && strcmp(v[m - 1].text, v[i].text) == 0) {
			v[m - 1].value = merge(a->func, v[m - 1].value,
			    v[i].value);
			free(v[i].text);
			v[i].text = NULL;
			continue;
		}
		fline_t tmp = v[i];
		v[i].text = NULL;
		v[m++] = tmp;
	}
	qsort(v, m, sizeof(*v), by_value);
	if (kind == STACKFMT_SVG) {
		char title[300];
		for (size_t i = 0; i < m; i++) {
			texts[i] = v[i].text;
			values[i] = v[i].value;
		}
		if (a->name != NULL && a->name[0] != '\0')
			snprintf(title, sizeof(title), "Flame Graph: @%.200s",
			    a->name);
		else
			snprintf(title, sizeof(title), "Flame Graph");
		rc = stackfmt_svg(fp, texts, values, m, title);
	} else {
		for (size_t i = 0; i < m; i++)
			fprintf(fp, "%s %lld\n", v[i].text,
			    (long long)v[i].value);
	}
out:
	for (size_t i = 0; v != NULL && i < n; i++)
		free(v[i].text);
	free(v);
	free(texts);
	free(values);
	return rc;
}

/* ---- the flame graph ---- */

typedef struct node {
	char *name;
	int64_t value;
	struct node **kids; size_t nkids, cap;
} node_t;

static node_t *kid(node_t *p, const char *name, size_t len)
{
	for (size_t i = 0; i < p->nkids; i++)
		if (strlen(p->kids[i]->name) == len &&
		    memcmp(p->kids[i]->name, name, len) == 0)
			return p->kids[i];
	if (p->nkids == p->cap) {
		size_t n = p->cap ? p->cap * 2 : 4;
		node_t **nv = realloc(p->kids, n * sizeof(*nv));
		if (nv == NULL)
			return NULL;
		p->kids = nv;
		p->cap = n;
	}
	node_t *k = calloc(1, sizeof(*k));
	if (k == NULL || (k->name = strndup(name, len)) == NULL) {
		free(k);
		return NULL;
	}
	p->kids[p->nkids++] = k;
	return k;
}

static void tree_free(node_t *n)
{
	for (size_t i = 0; i < n->nkids; i++)
		tree_free(n->kids[i]);
	free(n->kids);
	free(n->name);
	free(n);
}

static int byname(const void *x, const void *y)
{
	const node_t *a = *(node_t *const *)x, *b = *(node_t *const *)y;
	return strcmp(a->name, b->name);
}

static int depth_of(node_t *n)
{
	int d = 0;
	if (n->nkids > 1)       /* a leaf has no array at all */
		qsort(n->kids, n->nkids, sizeof(*n->kids), byname);
	for (size_t i = 0; i < n->nkids; i++) {
		int k = depth_of(n->kids[i]);
		if (k > d)
			d = k;
	}
	return d + 1;
}

static void xml(FILE *fp, const char *s, size_t max)
{
	for (size_t i = 0; *s && i < max; s++, i++) {
		switch (*s) {
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '&': fputs("&amp;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&apos;", fp); break;
		default:
			/* control bytes are not allowed in XML 1.0 */
			fputc((unsigned char)*s < 0x20 ? ' ' : *s, fp);
		}
	}
}

#define SVG_W      1200.0
#define SVG_PAD    10.0
#define SVG_FRAME  16.0
#define SVG_TOP    40.0
#define SVG_BOTTOM 34.0
#define SVG_CHARW  7.0      /* mean glyph width of 12px Verdana */

/* FNV-1a: the colour of a name, the same in every graph. */
static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

typedef struct svgctx {
	FILE *fp;
	int64_t total;
	double height;
} svgctx_t;

static void draw(svgctx_t *c, const node_t *n, int64_t start, int depth)
{
	double fw = SVG_W - 2 * SVG_PAD;
	double x = SVG_PAD + fw * (double)start / (double)c->total;
	double w = fw * (double)n->value / (double)c->total;
	double y = c->height - SVG_BOTTOM - (depth + 1) * SVG_FRAME;
	uint32_t h = name_hash(n->name);
	int r = 205 + (int)(h % 50), g = (int)((h >> 8) % 230),
	    b = (int)((h >> 16) % 55);
	size_t len = strlen(n->name);
	size_t fit = w > 6 ? (size_t)((w - 6) / SVG_CHARW) : 0;

	if (w < 0.1)
		return;               /* narrower than anything drawn */
	fprintf(c->fp, "<g class=\"f\" data-x=\"%.8f\" data-w=\"%.8f\" "
	    "data-d=\"%d\" data-n=\"", (double)start / (double)c->total,
	    (double)n->value / (double)c->total, depth);
	xml(c->fp, n->name, len);
	fprintf(c->fp, "\"><title>");
	xml(c->fp, n->name, len);
	fprintf(c->fp, " (%lld sample%s, %.2f%%)</title>",
	    (long long)n->value, n->value == 1 ? "" : "s",
	    100.0 * (double)n->value / (double)c->total);
	fprintf(c->fp, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
	    "height=\"%.1f\" fill=\"rgb(%d,%d,%d)\" rx=\"2\" ry=\"2\"/>",
	    x, y, w, SVG_FRAME - 1, r, g, b);
	fprintf(c->fp, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + 11.5);
	if (fit >= 3) {
		if (len <= fit) {
			xml(c->fp, n->name, len);
		} else {
			xml(c->fp, n->name, fit - 2);
			fputs("..", c->fp);
		}
	}
	fputs("</text></g>\n", c->fp);
	int64_t s = start;
	for (size_t i = 0; i < n->nkids; i++) {
		draw(c, n->kids[i], s, depth + 1);
		s += n->kids[i]->value;
	}
}

/* Tooltips (the details line), click to zoom, reset; plain DOM, no libraries. */
static const char svg_script[] =
"<script type=\"text/ecmascript\"><![CDATA[\n"
"(function () {\n"
"  var W = %.1f, PAD = %.1f, CW = %.1f;\n"
"  var frames = document.getElementsByClassName('f');\n"
"  var details = document.getElementById('details');\n"
"  var reset = document.getElementById('reset');\n"
"  function num(g, k) { return parseFloat(g.getAttribute('data-' + k)); }\n"
"  function label(g, w) {\n"
"    var n = g.getAttribute('data-n'), fit = Math.floor((w - 6) / CW);\n"
"    if (fit < 3) return '';\n"
"    return n.length <= fit ? n : n.substring(0, fit - 2) + '..';\n"
"  }\n"
"  function place(g, x, w) {\n"
"    var fw = W - 2 * PAD, r = g.getElementsByTagName('rect')[0];\n"
"    var t = g.getElementsByTagName('text')[0];\n"
"    r.setAttribute('x', (PAD + x * fw).toFixed(2));\n"
"    r.setAttribute('width', (w * fw).toFixed(2));\n"
"    t.setAttribute('x', (PAD + x * fw + 3).toFixed(2));\n"
"    t.textContent = label(g, w * fw);\n"
"  }\n"
"  function zoom(z) {\n"
"    var zx = num(z, 'x'), zw = num(z, 'w'), zd = num(z, 'd'), eps = 1e-9;\n"
"    for (var i = 0; i < frames.length; i++) {\n"
"      var g = frames[i], x = num(g, 'x'), w = num(g, 'w'), d = num(g, 'd');\n"
"      var inside = x >= zx - eps && x + w <= zx + zw + eps;\n"
"      if (d < zd && x <= zx + eps && x + w >= zx + zw - eps) {\n"
"        g.style.display = ''; g.style.opacity = '0.6'; place(g, 0, 1);\n"
"      } else if (d >= zd && inside) {\n"
"        g.style.display = ''; g.style.opacity = '';\n"
"        place(g, (x - zx) / zw, w / zw);\n"
"      } else {\n"
"        g.style.display = 'none';\n"
"      }\n"
"    }\n"
"    reset.style.opacity = zd > 0 ? '1' : '0.2';\n"
"  }\n"
"  function unzoom() {\n"
"    for (var i = 0; i < frames.length; i++) {\n"
"      var g = frames[i];\n"
"      g.style.display = ''; g.style.opacity = '';\n"
"      place(g, num(g, 'x'), num(g, 'w'));\n"
"    }\n"
"    reset.style.opacity = '0.2';\n"
"  }\n"
"  for (var i = 0; i < frames.length; i++) {\n"
"    frames[i].addEventListener('click', function () {\n"
"      if (num(this, 'd') == 0) unzoom(); else zoom(this);\n"
"    });\n"
"    frames[i].addEventListener('mouseover', function () {\n"
"      details.textContent = this.getElementsByTagName('title')[0].textContent;\n"
"    });\n"
"    frames[i].addEventListener('mouseout', function () {\n"
"      details.textContent = ' ';\n"
"    });\n"
"  }\n"
"  reset.addEventListener('click', unzoom);\n"
"})();\n"
"]]></script>\n";

int stackfmt_svg(FILE *fp, const char *const *lines, const int64_t *vals,
    size_t n, const char *title)
{
	node_t *root = calloc(1, sizeof(*root));
	int rc = 0;
	if (root == NULL || (root->name = strdup("all")) == NULL) {
		free(root);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (vals[i] <= 0)
			continue;         /* no width to draw */
		node_t *at = root;
		root->value += vals[i];
		for (const char *s = lines[i]; ; ) {
			const char *e = strchr(s, ';');
			size_t len = e ? (size_t)(e - s) : strlen(s);
			if (len > 0) {
				if ((at = kid(at, s, len)) == NULL) {
					rc = -1;
					goto out;
				}
				at->value += vals[i];
			}
			if (e == NULL)
				break;
			s = e + 1;
		}
	}
	int depth = depth_of(root);
	svgctx_t c = { fp, root->value, SVG_TOP + SVG_BOTTOM +
	    depth * SVG_FRAME };
	/*
	 * No XML declaration: it must be a document's first byte, and
	 * dtrace's final print starts with a newline.
	 */
	fprintf(fp, "<svg version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
	    "viewBox=\"0 0 %.0f %.0f\" xmlns=\"http://www.w3.org/2000/svg\">\n",
	    SVG_W, c.height, SVG_W, c.height);
	fputs("<style type=\"text/css\">\n"
	    "text { font-family: Verdana, sans-serif; font-size: 12px; "
	    "fill: rgb(0,0,0); }\n"
	    ".f text { pointer-events: none; }\n"
	    ".f:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; "
	    "cursor: pointer; }\n"
	    "#title { font-size: 17px; }\n"
	    "#reset { cursor: pointer; opacity: 0.2; }\n"
	    "</style>\n", fp);
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" "
	    "fill=\"rgb(248,248,240)\"/>\n", SVG_W, c.height);
	fprintf(fp, "<text id=\"title\" x=\"%.1f\" y=\"24\" "
	    "text-anchor=\"middle\">", SVG_W / 2);
	xml(fp, title, strlen(title));
	fputs("</text>\n", fp);
	fprintf(fp, "<text id=\"reset\" x=\"%.1f\" y=\"24\">Reset Zoom</text>\n",
	    SVG_PAD);
	fprintf(fp, "<text id=\"details\" x=\"%.1f\" y=\"%.1f\"> </text>\n",
	    SVG_PAD, c.height - 12);
	if (root->value > 0)
		draw(&c, root, 0, 0);
	fprintf(fp, svg_script, SVG_W, SVG_PAD, SVG_CHARW);
	fputs("</svg>\n", fp);
out:
	tree_free(root);
	return rc;
}
