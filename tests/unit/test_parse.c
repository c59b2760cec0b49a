/*
 * test_parse.c — unit tests of the D lexer and parser (src/d/lex.c,
 * src/d/parse.c): literals and their types, escapes, precedence, errors
 * with their tags and lines, macros, pragmas, probe descriptions.
 * Must not: depend on the checker or code generator; trees are compared
 * as compact s-expressions printed here, so a failure shows the shape.
 */
#include <stdarg.h>
#include <stdlib.h>
#include "unit.h"
#include "d/dcomp.h"
#include "d/lex.h"

/* Used only when the library's types.c is not linked in. */
__attribute__((weak)) const char *const d_builtin_typenames[] = {
	"string", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
	"uint16_t", "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "size_t",
	"ssize_t", "off_t", "pid_t", "id_t", "uid_t", "gid_t", "uint_t", NULL
};

/* ---- s-expression printer ---- */

static char out[8192];
static size_t olen;

static void put(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(out + olen, sizeof(out) - olen, fmt, ap);
	va_end(ap);
	if (n > 0)
		olen += (size_t)n;
	if (olen >= sizeof(out))
		olen = sizeof(out) - 1;
}

static const char *opname(int op)
{
	static const char *const n[] = {
		[D_OP_NEG] = "neg", [D_OP_PLUS] = "pos", [D_OP_LNOT] = "!",
		[D_OP_BNOT] = "~", [D_OP_DEREF] = "deref", [D_OP_ADDROF] = "addr",
		[D_OP_INC] = "++", [D_OP_DEC] = "--", [D_OP_MUL] = "*",
		[D_OP_DIV] = "/", [D_OP_MOD] = "%", [D_OP_ADD] = "+",
		[D_OP_SUB] = "-", [D_OP_SHL] = "<<", [D_OP_SHR] = ">>",
		[D_OP_LT] = "<", [D_OP_GT] = ">", [D_OP_LE] = "<=", [D_OP_GE] = ">=",
		[D_OP_EQ] = "==", [D_OP_NE] = "!=", [D_OP_BAND] = "&",
		[D_OP_BXOR] = "^", [D_OP_BOR] = "|", [D_OP_LAND] = "&&",
		[D_OP_LXOR] = "^^", [D_OP_LOR] = "||", [D_OP_ASSIGN] = "=",
		[D_OP_MUL_EQ] = "*=", [D_OP_DIV_EQ] = "/=", [D_OP_MOD_EQ] = "%=",
		[D_OP_ADD_EQ] = "+=", [D_OP_SUB_EQ] = "-=", [D_OP_SHL_EQ] = "<<=",
		[D_OP_SHR_EQ] = ">>=", [D_OP_AND_EQ] = "&=", [D_OP_XOR_EQ] = "^=",
		[D_OP_OR_EQ] = "|=", [D_OP_COMMA] = ",", [D_OP_DOT] = ".",
		[D_OP_ARROW] = "->",
	};
	return n[op] ? n[op] : "?";
}

static void pnode(const d_node_t *n);

static void plist(const d_node_t *n)
{
	for (; n != NULL; n = n->next) {
		put(" ");
		pnode(n);
	}
}

static void ptype(const d_node_t *t)
{
	const d_spec_t *s = &t->tn.spec;
	static const struct { unsigned f; const char *w; } words[] = {
		{ D_BASE_CONST, "const" }, { D_BASE_VOLATILE, "volatile" },
		{ D_BASE_SIGNED, "signed" }, { D_BASE_UNSIGNED, "unsigned" },
		{ D_BASE_VOID, "void" }, { D_BASE_CHAR, "char" },
		{ D_BASE_SHORT, "short" }, { D_BASE_LONG, "long" },
		{ D_BASE_LONGLONG, "longlong" }, { D_BASE_INT, "int" },
		{ D_BASE_FLOAT, "float" }, { D_BASE_DOUBLE, "double" },
	};
	put("<");
	const char *sep = "";
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (s->base_flags & words[i].f) {
			put("%s%s", sep, words[i].w);
			sep = " ";
		}
	if (s->kind == D_SPEC_STRUCT || s->kind == D_SPEC_UNION ||
	    s->kind == D_SPEC_ENUM) {
		put("%s%s %s", sep, s->kind == D_SPEC_STRUCT ? "struct" :
		    s->kind == D_SPEC_UNION ? "union" : "enum",
		    s->name ? s->name : "?");
		if (s->has_body) {
			put(" {");
			for (const d_member_t *m = s->members; m; m = m->next) {
				put(" %s", m->name ? m->name : "?");
				if (m->tname && m->tname->tn.dcl)
					put("*");
				if (m->value) {
					put("=");
					pnode(m->value);
				}
			}
			put(" }");
		}
	} else if (s->kind == D_SPEC_TYPEDEF) {
		put("%s%s%s%s", sep, s->scope ? s->scope : "",
		    s->scope ? "`" : "", s->name);
	}
	for (const d_dcl_t *d = t->tn.dcl; d; d = d->next) {
		if (d->kind == D_DCL_PTR)
			put(" *");
		else if (d->kind == D_DCL_FUNC) {
			put(" (");
			plist(d->params);
			put(")");
		} else {
			put(" [");
			if (d->dim)
				pnode(d->dim);
			for (const d_node_t *k = d->keys; k; k = k->next) {
				ptype(k);
				if (k->next)
					put(",");
			}
			put("]");
		}
	}
	if (t->tn.ident)
		put(" %s", t->tn.ident);
	put(">");
}

static void pnode(const d_node_t *n)
{
	if (n == NULL) {
		put("nil");
		return;
	}
	switch (n->kind) {
	case N_INT: put("%llu", (unsigned long long)n->ival); break;
	case N_STRING: put("\"%s\"", n->str); break;
	case N_IDENT:
		if (n->scope)
			put("%s`", n->scope);
		put("%s", n->name);
		break;
	case N_SELF: put("self->%s", n->name); break;
	case N_THIS: put("this->%s", n->name); break;
	case N_AGG:
		if (n->args) {
			put("(@%s", n->name);
			plist(n->args);
			put(")");
		} else {
			put("@%s", n->name);
		}
		break;
	case N_UNARY: put("(%s ", opname(n->op)); pnode(n->left); put(")"); break;
	case N_POSTFIX: put("(post%s ", opname(n->op)); pnode(n->left); put(")"); break;
	case N_BINARY:
		put("(%s ", opname(n->op));
		pnode(n->left);
		put(" ");
		pnode(n->right);
		put(")");
		break;
	case N_TERNARY:
		put("(? ");
		pnode(n->cond);
		put(" ");
		pnode(n->left);
		put(" ");
		pnode(n->right);
		put(")");
		break;
	case N_CAST: put("(cast "); ptype(n->tname); put(" "); pnode(n->left); put(")"); break;
	case N_SIZEOF_T: put("(sizeof "); ptype(n->tname); put(")"); break;
	case N_SIZEOF_E: put("(sizeof "); pnode(n->left); put(")"); break;
	case N_STRINGOF: put("(stringof "); pnode(n->left); put(")"); break;
	case N_OFFSETOF: put("(offsetof "); ptype(n->tname); put(" %s)", n->name); break;
	case N_XLATE: put("(xlate "); ptype(n->tname); put(" "); pnode(n->left); put(")"); break;
	case N_MEMBER:
		put("(%s ", opname(n->op));
		pnode(n->left);
		put(" %s)", n->name);
		break;
	case N_INDEX: put("([] "); pnode(n->left); plist(n->args); put(")"); break;
	case N_CALL: put("(%s", n->name); plist(n->args); put(")"); break;
	case S_EXPR: pnode(n->left); put(";"); break;
	case S_IF:
		put("(if ");
		pnode(n->cond);
		put(" ");
		pnode(n->then_s);
		if (n->else_s) {
			put(" else ");
			pnode(n->else_s);
		}
		put(")");
		break;
	case S_BLOCK: put("{"); plist(n->body); put(" }"); break;
	case T_NAME: ptype(n); break;
	case D_DECL: {
		static const char *const st[] = { "", "self ", "this ", "typedef ",
		    "inline ", "extern ", "static " };
		put("(decl %s", st[n->decl.storage]);
		for (const d_node_t *t = n->decl.tnames; t; t = t->next)
			ptype(t);
		if (n->decl.init) {
			put(" = ");
			pnode(n->decl.init);
		}
		put(")");
		break;
	}
	case D_CLAUSE:
		put("(clause");
		for (const d_pdesc_text_t *d = n->clause.descs; d; d = d->next)
			put(" '%s'", d->text);
		if (n->clause.pred) {
			put(" /");
			pnode(n->clause.pred);
			put("/");
		}
		if (n->clause.has_body) {
			put(" {");
			plist(n->clause.body);
			put(" }");
		}
		put(")");
		break;
	case D_PROVIDER:
		put("(provider %s", n->provider.name);
		for (const d_probe_decl_t *pd = n->provider.probes; pd; pd = pd->next) {
			put(" (%s", pd->name);
			plist(pd->args);
			if (pd->xargs) {
				put(" :");
				plist(pd->xargs);
			}
			put(")");
		}
		put(")");
		break;
	case D_TRANSLATOR:
		put("(translator ");
		ptype(n->tname);
		put(" ");
		ptype(n->left);
		plist(n->args);
		put(")");
		break;
	default: put("?%d", n->kind);
	}
}

/* ---- harness ---- */

static char optlog[512];

static int fake_setopt(d_cc_t *cc, void *arg, const char *name,
    const char *value, int line)
{
	(void)arg;
	if (strcmp(name, "bogus") == 0)
		d_error(cc, line, "D_PRAGMA_OPTSET", "failed to set option '%s'"
		    ": Invalid option name", name);
	size_t l = strlen(optlog);
	snprintf(optlog + l, sizeof(optlog) - l, "[%s=%s@%d]", name,
	    value ? value : "(null)", line);
	return 0;
}

static d_cc_t cc;
static unsigned char used[8];

/* Parse src as a script (or kind) with args; returns tree or "TAG line: msg". */
static const char *parse_k(const char *src, int kind, int argc,
    char *const *argv)
{
	d_cc_fini(&cc);
	d_cc_init(&cc);
	cc.src = src;
	cc.srcname = "t.d";
	cc.arg0 = "t.d";        /* $0 of a script is its path */
	cc.kind = kind;
	cc.argc = argc;
	cc.argv = argv;
	memset(used, 0, sizeof(used));
	cc.argused = used;
	cc.macros.pid = 4242;
	cc.macros.target = 77;
	cc.setopt = fake_setopt;
	olen = 0;
	out[0] = '\0';
	if (setjmp(cc.jb) != 0) {
		snprintf(out, sizeof(out), "%s %d: %s", cc.errtag, cc.errline,
		    cc.errmsg);
		return out;
	}
	d_parse(&cc);
	for (const d_node_t *n = cc.top; n; n = n->next) {
		if (n != cc.top)
			put(" ");
		pnode(n);
	}
	return out;
}

static const char *parse(const char *src)
{
	return parse_k(src, D_PROG_SCRIPT, 0, NULL);
}

/* The expression of `BEGIN { e }`, printed. */
static const char *expr(const char *e)
{
	static char buf[4096], src[4096];
	snprintf(src, sizeof(src), "BEGIN { %s }", e);
	const char *r = parse(src);
	const char *pre = "(clause 'BEGIN' { ";
	if (strncmp(r, pre, strlen(pre)) == 0) {
		snprintf(buf, sizeof(buf), "%s", r + strlen(pre));
		size_t l = strlen(buf);
		if (l >= 4 && strcmp(buf + l - 4, "; })") == 0)
			buf[l - 4] = '\0';
		return buf;
	}
	snprintf(buf, sizeof(buf), "%s", r);
	return buf;
}

/* type of a literal */
static int lit_type(const char *lit)
{
	char src[256];
	snprintf(src, sizeof(src), "BEGIN { %s }", lit);
	parse(src);
	const d_node_t *n = cc.top ? cc.top->clause.body : NULL;
	return n && n->left && n->left->kind == N_INT ? n->left->itype : -1;
}

int main(void)
{
	/* literals and their types */
	CHECK_EQ_INT(lit_type("1"), D_LIT_INT);
	CHECK_EQ_INT(lit_type("2147483647"), D_LIT_INT);
	CHECK_EQ_INT(lit_type("2147483648"), D_LIT_LONG);
	CHECK_EQ_INT(lit_type("0xffffffff"), D_LIT_UINT);
	CHECK_EQ_INT(lit_type("0x7fffffff"), D_LIT_INT);
	CHECK_EQ_INT(lit_type("4294967295"), D_LIT_LONG);
	CHECK_EQ_INT(lit_type("0xffffffffffffffff"), D_LIT_ULONG);
	CHECK_EQ_INT(lit_type("1u"), D_LIT_UINT);
	CHECK_EQ_INT(lit_type("1l"), D_LIT_LONG);
	CHECK_EQ_INT(lit_type("1ul"), D_LIT_ULONG);
	CHECK_EQ_INT(lit_type("1ll"), D_LIT_LLONG);
	CHECK_EQ_INT(lit_type("1ULL"), D_LIT_ULLONG);
	CHECK_EQ_INT(lit_type("'a'"), D_LIT_INT);
	CHECK_EQ_STR(expr("017"), "15");
	CHECK_EQ_STR(expr("0x1F"), "31");
	CHECK_EQ_STR(expr("'a'"), "97");
	CHECK_EQ_STR(expr("'ab'"), "24930");
	CHECK_EQ_STR(expr("'\\n'"), "10");
	CHECK_EQ_STR(expr("'\\0'"), "0");
	CHECK_EQ_STR(parse("BEGIN { x = 18446744073709551615; }"),
	    "D_INT_OFLOW 1: integer constant 0xffffffffffffffff cannot be "
	    "represented in any built-in integral type");
	CHECK_EQ_STR(parse("BEGIN { x = 99999999999999999999; }"),
	    "D_INT_OFLOW 1: constant 99999999999999999999 results in integer "
	    "overflow");
	CHECK_EQ_STR(parse("BEGIN {\n x = 09; }"),
	    "D_INT_DIGIT 2: constant 09 contains invalid digit 9");
	CHECK_EQ_STR(parse("BEGIN { x = 10lu; }"),
	    "D_SYNTAX 1: syntax error near \"u\"");
	CHECK_EQ_STR(parse("BEGIN {\n\n x = 1.5; }"),
	    "D_SYNTAX 3: floating-point constants are not permitted");
	CHECK_EQ_STR(parse("BEGIN { x = 1e3; }"),
	    "D_SYNTAX 1: floating-point constants are not permitted");
	CHECK_EQ_STR(parse("BEGIN { x = ''; }"),
	    "D_CHR_NULL 1: empty character constant");
	CHECK_EQ_STR(parse("BEGIN { x = '123456789'; }"),
	    "D_CHR_OFLOW 1: character constant is too long");
	CHECK_EQ_STR(parse("BEGIN {\n x = \"abc\n\"; }"),
	    "D_STR_NL 2: newline encountered in string literal");
	CHECK_EQ_STR(parse("BEGIN { x = 'a\n'; }"),
	    "D_CHR_NL 1: newline encountered in character constant");

	/* escapes */
	CHECK_EQ_STR(expr("\"a\\tb\""), "\"a\tb\"");
	CHECK_EQ_STR(expr("\"\\101\\x42\\x4a\""), "\"ABJ\"");
	CHECK_EQ_STR(expr("\"\\q\\\\\\\"\""), "\"\\q\\\"\"");
	parse("BEGIN { \"a\\0b\" }");
	CHECK_EQ_INT(cc.top->clause.body->left->slen, 3);

	/* precedence and associativity */
	CHECK_EQ_STR(expr("a + b * c"), "(+ a (* b c))");
	CHECK_EQ_STR(expr("a - b - c"), "(- (- a b) c)");
	CHECK_EQ_STR(expr("a = b = c"), "(= a (= b c))");
	CHECK_EQ_STR(expr("a || b ^^ c && d"), "(|| a (^^ b (&& c d)))");
	CHECK_EQ_STR(expr("a | b ^ c & d == e < f << g"),
	    "(| a (^ b (& c (== d (< e (<< f g))))))");
	CHECK_EQ_STR(expr("a ? b : c ? d : e"), "(? a b (? c d e))");
	CHECK_EQ_STR(expr("x += 2, y"), "(, (+= x 2) y)");
	CHECK_EQ_STR(expr("-a++"), "(neg (post++ a))");
	CHECK_EQ_STR(expr("!*p->q"), "(! (deref (-> p q)))");
	CHECK_EQ_STR(expr("&a.b[1]"), "(addr ([] (. a b) 1))");
	CHECK_EQ_STR(expr("++x"), "(++ x)");
	CHECK_EQ_STR(expr("~-+x"), "(~ (neg (pos x)))");
	CHECK_EQ_STR(expr("(int)x + 1"), "(+ (cast <int> x) 1)");
	CHECK_EQ_STR(expr("(unsigned long long *)p"),
	    "(cast <unsigned longlong *> p)");
	CHECK_EQ_STR(expr("(struct foo *)p"), "(cast <struct foo *> p)");
	CHECK_EQ_STR(expr("(uint32_t)x"), "(cast <uint32_t> x)");
	CHECK_EQ_STR(expr("(string)x"), "(cast <string> x)");
	CHECK_EQ_STR(expr("(x)"), "x");
	CHECK_EQ_STR(expr("sizeof (int)"), "(sizeof <int>)");
	CHECK_EQ_STR(expr("sizeof x + 1"), "(+ (sizeof x) 1)");
	CHECK_EQ_STR(expr("sizeof (x)"), "(sizeof x)");
	CHECK_EQ_STR(expr("stringof(p)"), "(stringof p)");
	CHECK_EQ_STR(expr("offsetof(struct s, m)"), "(offsetof <struct s> m)");
	CHECK_EQ_STR(expr("xlate<struct t *>(p)"), "(xlate <struct t *> p)");
	CHECK_EQ_STR(expr("self->x[1, \"a\"] = this->y"),
	    "(= ([] self->x 1 \"a\") this->y)");
	CHECK_EQ_STR(expr("@c[execname, pid] = count()"),
	    "(= (@c execname pid) (count))");
	CHECK_EQ_STR(expr("@[1] = sum(2)"), "(= (@ 1) (sum 2))");
	CHECK_EQ_STR(expr("printa(\"%d\", @a)"), "(printa \"%d\" @a)");
	CHECK_EQ_STR(expr("libc.so.6`malloc + `k"),
	    "(+ libc.so.6`malloc `k)");
	CHECK_EQ_STR(expr("a.b"), "(. a b)");
	CHECK_EQ_STR(expr("a ? b, c : d"), "(? a (, b c) d)");
	CHECK_EQ_STR(expr("size_t = 1"), "(= size_t 1)");
	CHECK_EQ_STR(expr("a + b = 1"), "D_SYNTAX 1: syntax error near \"=\"");
	CHECK_EQ_STR(expr("\"a\" \"b\""), "D_SYNTAX 1: syntax error near \"\"b\"\"");
	CHECK_EQ_STR(parse("BEGIN { (a+1)(2) }"),
	    "D_FUNC_IDENT 1: function designator is not of function type");

	/* statements */
	CHECK_EQ_STR(parse("BEGIN { a(); ; b() }"), "(clause 'BEGIN' { (a); (b); })");
	CHECK_EQ_STR(parse("BEGIN {}"), "(clause 'BEGIN' { })");
	CHECK_EQ_STR(parse("BEGIN { if (x) { a(); b() } else c(); d() }"),
	    "(clause 'BEGIN' { (if x { (a); (b); } else (c);) (d); })");
	CHECK_EQ_STR(parse("BEGIN { if (x) if (y) a(); else {} }"),
	    "(clause 'BEGIN' { (if x (if y (a); else { })) })");
	CHECK_EQ_STR(parse("BEGIN { if (x) a() }"),
	    "D_SYNTAX 1: syntax error near \"}\"");
	CHECK_EQ_STR(parse("BEGIN { a() b() }"),
	    "D_SYNTAX 1: syntax error near \"b\"");

	/* clauses and descriptions */
	CHECK_EQ_STR(parse("syscall::read:entry, pid$target:a.out:ma*n:entry\n"
	    "/arg0 == 1/\n{ trace(arg0 / 2); }"),
	    "(clause 'syscall::read:entry' 'pid77:a.out:ma*n:entry' "
	    "/(== arg0 1)/ { (trace (/ arg0 2)); })");
	CHECK_EQ_STR(parse("p:m:f[a-z]?\\*:-entry! {}"),
	    "(clause 'p:m:f[a-z]?\\*:-entry!' { })");
	CHECK_EQ_STR(parse("BEGIN /x/ {} END/y/{}"),
	    "(clause 'BEGIN' /x/ { }) (clause 'END' /y/ { })");
	CHECK_EQ_STR(parse("BEGIN /a/b/ {}"), "(clause 'BEGIN' /(/ a b)/ { })");
	CHECK_EQ_STR(parse("BEGIN /(a/ {}"),
	    "D_SYNTAX 1: closing ) expected in predicate before /");
	CHECK_EQ_STR(parse("BEGIN /x/;"), "D_SYNTAX 1: syntax error near \";\"");
	CHECK_EQ_STR(parse("BEGIN\n"),
	    "D_SYNTAX 1: expected predicate and/or actions following probe "
	    "description");
	CHECK_EQ_STR(parse_k("BEGIN", D_PROG_NAME, 0, NULL), "(clause 'BEGIN')");
	CHECK_EQ_STR(parse_k("42", D_PROG_ID, 0, NULL), "(clause '42')");
	CHECK_EQ_STR(parse("BEGIN {\n}\n}"), "D_SYNTAX 3: syntax error near \"}\"");
	CHECK_EQ_STR(parse("BEGIN {\n trace(1);\n"),
	    "D_SYNTAX 3: syntax error near end of input");
	CHECK_EQ_STR(parse("BEGIN { x = ; }"), "D_SYNTAX 1: syntax error near \";\"");
	CHECK_EQ_STR(parse(""), "D_EMPTY 1: empty D program translation unit");
	CHECK_EQ_STR(parse("/* c */\n\n"),
	    "D_EMPTY 3: empty D program translation unit");
	CHECK_EQ_STR(parse("BEGIN {\n/* a /* b */ }"),
	    "D_SYNTAX 2: /* encountered inside a comment");
	CHECK_EQ_STR(parse("BEGIN { /* a "),
	    "D_SYNTAX 1: end-of-file encountered before matching */");
	CHECK_EQ_STR(parse("#!/usr/sbin/dtrace -s\n  #! x\nBEGIN // c\n{ a(); }"),
	    "(clause 'BEGIN' { (a); })");
	CHECK_EQ_STR(parse("BEGIN { x = $; }"), "D_SYNTAX 1: syntax error near \"$\"");
	CHECK_EQ_STR(parse("BEGIN { x = a # b; }"),
	    "D_SYNTAX 1: syntax error near \"#\"");

	/* declarations */
	CHECK_EQ_STR(parse("int x; self int y; this char *z; int a[string, int];"
	    " int b[8]; int *c[4], (*d)[4];"),
	    "(decl <int x>) (decl self <int y>) (decl this <char * z>) "
	    "(decl <int [<string>,<int>] a>) (decl <int [8] b>) "
	    "(decl <int [4] * c><int * [4] d>)");
	CHECK_EQ_STR(parse("typedef unsigned long mytype_t; mytype_t v;\n"
	    "BEGIN { x = (mytype_t)1; }"),
	    "(decl typedef <unsigned long mytype_t>) (decl <mytype_t v>) "
	    "(clause 'BEGIN' { (= x (cast <mytype_t> 1)); })");
	CHECK_EQ_STR(parse("struct s { int a; char *b, c; int f : 3; };"
	    " enum e { A, B = 5, C }; union u x;"),
	    "(decl <struct s { a b* c f=3 }>) (decl <enum e { A B=5 C }>) "
	    "(decl <union u x>)");
	CHECK_EQ_STR(parse("inline int N = 3 + 4;\nextern const int k;"),
	    "(decl inline <int N> = (+ 3 4)) (decl extern <const int k>)");
	CHECK_EQ_STR(parse("uint32_t *p; size_t* q; int size_t;"),
	    "(decl <uint32_t * p>) (decl <size_t * q>) (decl <int size_t>)");
	CHECK_EQ_STR(parse("int* x; uint32_t*p; char **v;"),
	    "(decl <int * x>) (decl <uint32_t * p>) (decl <char * * v>)");
	CHECK_EQ_STR(parse("int*x { }"), "D_SYNTAX 1: syntax error near \"{\"");
	CHECK_EQ_STR(parse("foo* { }"), "(clause 'foo*' { })");
	CHECK_EQ_STR(parse("\n\nthis int a[int];"),
	    "D_DECL_LOCASSC 3: associative arrays may not be declared as local "
	    "variables: a");
	CHECK_EQ_STR(parse("long char x;"),
	    "D_DECL_CHARATTR 1: invalid type declaration: short and long may "
	    "not be used with char type");
	CHECK_EQ_STR(parse("extern static int x;"),
	    "D_DECL_CLASS 1: only one storage class allowed in a declaration");
	CHECK_EQ_STR(parse("int x = 1;"), "D_SYNTAX 1: syntax error near \"=\"");
	CHECK_EQ_STR(parse("long long x; long long long y;"),
	    "D_DECL_COMBO 1: the attribute 'long' may only be used at most "
	    "twice in a declaration");
	/* a translated argument is named after the native one it stands
	 * for (dt_decl_prototype "probe output" has no DT_DP_ANON) */
	CHECK_EQ_STR(parse("provider myprov {\n probe query__start(char *, int);\n"
	    " probe done(int x) : (string x);\n};"),
	    "(provider myprov (query__start <char *> <int>) "
	    "(done <int x> : <string x>))");
	CHECK_EQ_STR(parse("provider myprov {\n probe done(int x) : (string);\n};"),
	    "D_DECL_PROTO_NAME 2: parameter declaration requires a name: "
	    "parameter #1");
	CHECK_EQ_STR(parse("translator struct t < struct s *p > { a = p->x; b = 2; };"),
	    "(translator <struct t> <struct s * p> (= a (-> p x)) (= b 2))");

	/* macros */
	{
		char *av[] = { "42", "foo", "a b", "-5", "\"q\"" };
		CHECK_EQ_STR(parse_k("BEGIN { x = $1 + $2; y = $3; z = $$1; w = $4;"
		    " v = $5; u = $0 }", D_PROG_SCRIPT, 5, av),
		    "(clause 'BEGIN' { (= x (+ 42 foo)); (= y \"a b\"); "
		    "(= z \"42\"); (= w (neg 5)); (= v \"q\"); (= u \"t.d\"); })");
		CHECK_EQ_STR(parse_k("BEGIN { x = $1; }", D_PROG_SCRIPT, 2, av),
		    "D_MACRO_UNUSED 1: extraneous argument 'foo' ($2 is not "
		    "referenced)");
		CHECK_EQ_STR(parse_k("BEGIN { x = $2; }", D_PROG_SCRIPT, 2, av),
		    "(clause 'BEGIN' { (= x foo); })");
		cc.argref = 1;
		CHECK_EQ_STR(parse_k("BEGIN {\n x = $3; }", D_PROG_SCRIPT, 2, av),
		    "D_MACRO_UNDEF 2: macro argument $3 is not defined");
		CHECK_EQ_STR(parse_k("syscall::$2:entry {}", D_PROG_SCRIPT, 2, av),
		    "(clause 'syscall::foo:entry' { })");
		CHECK_EQ_STR(parse_k("pid$3:::entry {}", D_PROG_SCRIPT, 2, av),
		    "D_PDESC_INVAL 1: invalid probe description \"pid$3:::entry\": "
		    "Undefined macro variable in probe description");
	}
	CHECK_EQ_STR(parse("BEGIN { x = $pid + $target; y = $$pid; }"),
	    "(clause 'BEGIN' { (= x (+ 4242 77)); (= y \"4242\"); })");
	CHECK_EQ_STR(parse("BEGIN { x = $nope; }"),
	    "D_MACRO_UNDEF 1: macro variable $nope is not defined");
	{
		/* defaultargs: missing arguments are 0 and "" */
		d_cc_fini(&cc);
		d_cc_init(&cc);
		cc.src = "BEGIN { x = $1; y = $$2; }";
		cc.defaultargs = 1;
		olen = 0;
		if (setjmp(cc.jb) == 0) {
			d_parse(&cc);
			pnode(cc.top);
		} else {
			put("%s", cc.errmsg);
		}
		CHECK_EQ_STR(out, "(clause 'BEGIN' { (= x 0); (= y \"\"); })");
	}

	/* pragmas and control lines */
	optlog[0] = '\0';
	CHECK_EQ_STR(parse("#pragma D option quiet\n  #pragma D option bufsize=4m\n"
	    "#pragma ident \"x\"\n#pragma foo bar\n"
	    "#pragma D binding \"1.0\" x\nBEGIN {}"),
	    "(clause 'BEGIN' { })");
	/* a main program may depend on no library (dt_pragma_depends) */
	CHECK_EQ_STR(parse("#pragma D depends_on library x.d\nBEGIN {}"),
	    "D_PRAGMA_DEPEND 1: main program may not explicitly depend on a "
	    "library");
	CHECK_EQ_STR(optlog, "[quiet=(null)@1][bufsize=4m@2]");
	CHECK_EQ_STR(parse("BEGIN {}\n#pragma D option bogus\n"),
	    "D_PRAGMA_OPTSET 2: failed to set option 'bogus': Invalid option name");
	CHECK_EQ_STR(parse("\n#pragma D nope\n"),
	    "D_PRAGMA_INVAL 2: invalid D pragma: nope");
	CHECK_EQ_STR(parse("#include <stdio.h>\n"),
	    "D_PRAGCTL_INVAL 1: invalid control directive: #include");
	CHECK_EQ_STR(parse("#pragma error this is bad\n"),
	    "D_PRAGERR 1: #error: this is bad ");
	CHECK_EQ_STR(parse("#pragma D option quiet"),
	    "D_SYNTAX 1: end-of-file encountered before end of control line");
	CHECK_EQ_STR(parse("#line 10\nBEGIN { x = ; }"),
	    "D_SYNTAX 11: syntax error near \";\"");
	CHECK_EQ_STR(parse("# 10 \"foo.d\" 1\nBEGIN { x = ; }"),
	    "D_SYNTAX 10: syntax error near \";\"");
	CHECK_EQ_STR(parse("#\nBEGIN {}"), "(clause 'BEGIN' { })");
	CHECK_EQ_STR(parse("#pragma D option\n"),
	    "D_PRAGMA_MALFORM 1: malformed #pragma option <option>=<val>");

	d_cc_fini(&cc);

	/* cpp */
	{
		d_cc_t c2;
		d_cc_init(&c2);
		if (setjmp(c2.jb) == 0) {
			const char *args[] = { "-DFOO=7" };
			char *r = d_cpp(&c2, "#!/x\nBEGIN { x = FOO + __SUNW_D; }\n"
			    "#if __linux\nEND {}\n#endif\n", args, 1);
			c2.src = r;
			d_parse(&c2);
			olen = 0;
			for (const d_node_t *n = c2.top; n; n = n->next) {
				pnode(n);
				put("@%d ", n->line);
			}
			CHECK_EQ_STR(out, "(clause 'BEGIN' { (= x (+ 7 1)); })@2 "
			    "(clause 'END' { })@4 ");
		} else {
			CHECK_EQ_STR(c2.errmsg, "");
		}
		d_cc_fini(&c2);
	}
	return UNIT_END();
}
