/*
 * parse.c — D's parser: tokens from lex.c into the parse tree of ast.h.
 *
 * Owns: the grammar (clauses, statements, expressions, declarations,
 * providers, translators), syntax errors, and which identifiers are type
 * names (built-ins plus the program's own typedefs).
 * Must not: resolve types or variables: that is check.c's work, so the
 * tree keeps names as written.
 * Invariant: a syntax error names the token the grammar could not accept,
 * as written, on the line it ends on; nothing here is freed by hand (all
 * nodes live in the compile's arena).
 *
 * Shapes beyond ast.h's comments: a D_TRANSLATOR node has tname = the
 * output type, left = the input type (T_NAME whose ident is the
 * parameter), args = members as N_BINARY(D_OP_ASSIGN, N_IDENT member,
 * expr), ival = the line of its closing `;` (DTrace reduces the whole
 * definition there, so that is the line its errors name). An empty statement inside `if` is an empty S_BLOCK. A macro
 * argument like "-5" becomes N_UNARY(D_OP_NEG, N_INT 5).
 */
#include <stdlib.h>
#include <string.h>
#include "dcomp.h"
#include "lex.h"
#include "proto.h"
#include "depth.h"

typedef struct name_ent {
	const char *name;
	struct name_ent *next;
} name_ent_t;

/*
 * The names the lexer needs to tell types from identifiers. They belong
 * to the compile, not to one parse: a D library's typedefs are types in
 * the program compiled after it (libs.c).
 */
struct d_names {
	name_ent_t *typedefs;   /* typedef names the program declared */
	name_ent_t *bodies;     /* "struct s" etc. the program defined, so a
	                         * second body is refused when it is read */
	name_ent_t *idents;     /* names that are variables, not types */
};

typedef struct parser {
	d_cc_t *cc;
	d_lexer_t lx;
	d_tok_t buf[4];
	int nbuf;
	int mode;
	struct d_names *nm;     /* the compile's names (cc->names) */
	int top_unary;          /* last conditional expression was a unary one */
} parser_t;

static d_node_t *parse_assign(parser_t *p);
static d_node_t *parse_expr(parser_t *p);
static d_node_t *parse_cast(parser_t *p);
static d_node_t *parse_unary(parser_t *p);
static d_node_t *parse_cond(parser_t *p);
static d_node_t *parse_type_name(parser_t *p);
static d_node_t *parse_stmt_or_block(parser_t *p);

/* ---------------------------------------------------------------- */
/* tokens                                                            */

static d_tok_t *peek(parser_t *p, int k)
{
	while (p->nbuf <= k)
		d_lex(&p->lx, &p->buf[p->nbuf++], p->mode);
	return &p->buf[k];
}

static d_tok_t next(parser_t *p)
{
	d_tok_t t = *peek(p, 0);
	memmove(&p->buf[0], &p->buf[1], sizeof(p->buf[0]) * (size_t)(p->nbuf - 1));
	p->nbuf--;
	return t;
}

static _Noreturn void syntax_error(parser_t *p, const d_tok_t *t)
{
	if (t->kind == TK_EOF)
		d_error(p->cc, t->line, "D_SYNTAX", "syntax error near end of input");
	d_error(p->cc, t->line, "D_SYNTAX", "syntax error near \"%s\"", t->text);
}

static int is_kw(const d_tok_t *t, const char *kw)
{
	return t->kind == TK_KW && strcmp(t->text, kw) == 0;
}

static d_tok_t expect(parser_t *p, int kind)
{
	d_tok_t *t = peek(p, 0);
	if (t->kind != kind)
		syntax_error(p, t);
	return next(p);
}

static d_node_t *node(parser_t *p, int kind, int line)
{
	d_node_t *n = d_alloc(p->cc, sizeof(*n));
	n->kind = kind;
	n->line = line;
	return n;
}

static d_node_t **list_tail(d_node_t **head)
{
	while (*head != NULL)
		head = &(*head)->next;
	return head;
}

/* ---------------------------------------------------------------- */
/* names                                                             */

static int in_names(const name_ent_t *e, const char *s)
{
	for (; e != NULL; e = e->next)
		if (strcmp(e->name, s) == 0)
			return 1;
	return 0;
}

static void add_name(parser_t *p, name_ent_t **l, const char *s)
{
	if (in_names(*l, s))
		return;
	name_ent_t *e = d_alloc(p->cc, sizeof(*e));
	e->name = s;
	e->next = *l;
	*l = e;
}

/*
 * D`T and C`T name the types of D's own definitions (illumos's "D" and
 * "C" modules: D declarations and those of C headers, one table here).
 */
static const char *own_scope(const char *s)
{
	if ((s[0] == 'D' || s[0] == 'C') && s[1] == '`' && s[2] != '\0' &&
	    strchr(s + 2, '`') == NULL)
		return s + 2;
	return s;
}

static int is_typename(parser_t *p, const char *s)
{
	s = own_scope(s);
	if (strchr(s, '`') != NULL)
		return 0;
	if (in_names(p->nm->typedefs, s))
		return 1;
	for (const char *const *b = d_builtin_typenames; *b != NULL; b++)
		if (strcmp(*b, s) == 0)
			return 1;
	/* the traced executable's own typedefs (DWARF) */
	return d_dw_is_typedef(p->cc, s);
}

static int lex_is_type(void *arg, const char *s)
{
	return is_typename(arg, s);
}

/* Split mod`name: returns name and sets *scope (NULL without a backtick). */
static const char *split_scope(parser_t *p, const char *s, const char **scope)
{
	const char *bt = strrchr(s, '`');
	if (bt == NULL) {
		*scope = NULL;
		return s;
	}
	*scope = d_strndup(p->cc, s, (size_t)(bt - s));
	return bt + 1;
}

static int is_base_kw(const d_tok_t *t)
{
	static const char *const kws[] = { "void", "char", "short", "int",
	    "long", "float", "double", "signed", "unsigned", "const",
	    "volatile", "restrict", "struct", "union", "enum", "string", NULL };
	if (t->kind != TK_KW)
		return 0;
	for (int i = 0; kws[i] != NULL; i++)
		if (strcmp(kws[i], t->text) == 0)
			return 1;
	return 0;
}

/*
 * Does the token at k start a type name in an expression? A type name
 * followed by ++, --, [ or = is taken as a variable being created, as
 * D does; so is any name already used as a variable.
 */
static int starts_type(parser_t *p, int k)
{
	d_tok_t *t = peek(p, k);
	if (is_base_kw(t))
		return 1;
	if (t->kind != TK_IDENT || !is_typename(p, t->str) ||
	    in_names(p->nm->idents, t->str))
		return 0;
	int n = peek(p, k + 1)->kind;
	if (n == TK_INC || n == TK_DEC || n == '[' || n == '=') {
		add_name(p, &p->nm->idents, peek(p, k)->str);
		return 0;
	}
	return 1;
}

/* ---------------------------------------------------------------- */
/* expressions                                                       */

static d_node_t *int_node(parser_t *p, const d_tok_t *t)
{
	d_node_t *n = node(p, N_INT, t->line);
	n->ival = t->ival;
	n->itype = t->itype;
	if (t->sign != 0) {
		d_node_t *u = node(p, N_UNARY, t->line);
		u->op = t->sign == '-' ? D_OP_NEG : D_OP_PLUS;
		u->left = n;
		return u;
	}
	return n;
}

/* assignment-expression list up to (not including) the closing token */
static d_node_t *parse_args(parser_t *p, int close)
{
	d_node_t *head = NULL, **tail = &head;
	if (peek(p, 0)->kind == close)
		return NULL;
	for (;;) {
		*tail = parse_assign(p);
		tail = &(*tail)->next;
		if (peek(p, 0)->kind != ',')
			break;
		next(p);
	}
	return head;
}

static const char *member_name(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	if (t->kind != TK_IDENT)
		syntax_error(p, t);
	return next(p).str;
}

/* sizeof(type) / offsetof: folded where read (dt_node_op1, dt_node_offsetof) */
static void fold(parser_t *p, d_node_t *n)
{
	if (p->cc->on_decl != NULL)
		p->cc->on_decl(p->cc->on_decl_arg, n);
}

static d_node_t *parse_primary(parser_t *p)
{
	d_tok_t t = *peek(p, 0);
	d_node_t *n;

	switch (t.kind) {
	case TK_INT:
		next(p);
		return int_node(p, &t);
	case TK_STRING:
		next(p);
		n = node(p, N_STRING, t.line);
		n->str = t.str;
		n->slen = t.slen;
		return n;
	case TK_IDENT: {
		next(p);
		n = node(p, N_IDENT, t.line);
		n->name = split_scope(p, t.str, &n->scope);
		return n;
	}
	case TK_AGG:
		next(p);
		n = node(p, N_AGG, t.line);
		n->name = t.str;
		if (peek(p, 0)->kind == '[') {
			next(p);
			n->args = parse_args(p, ']');
			expect(p, ']');
		}
		return n;
	case '(':
		next(p);
		n = parse_expr(p);
		expect(p, ')');
		return n;
	case TK_KW:
		if (is_kw(&t, "self") || is_kw(&t, "this")) {
			next(p);
			expect(p, TK_ARROW);
			/* the variable is the name's node (dt_cook_op2 returns
			 * the right operand of self-> / this->) */
			n = node(p, is_kw(&t, "self") ? N_SELF : N_THIS,
			    peek(p, 0)->line);
			n->name = member_name(p);
			return n;
		}
		/* dt_grammar.y: offsetof and xlate are postfix expressions,
		 * so a member, subscript or ++ may follow them */
		if (is_kw(&t, "offsetof")) {
			next(p);
			expect(p, '(');
			n = node(p, N_OFFSETOF, t.line);
			n->tname = parse_type_name(p);
			expect(p, ',');
			n->name = member_name(p);
			n->line = peek(p, 0)->line;
			expect(p, ')');
			fold(p, n);
			return n;
		}
		if (is_kw(&t, "xlate")) {
			next(p);
			expect(p, '<');
			n = node(p, N_XLATE, t.line);
			n->tname = parse_type_name(p);
			expect(p, '>');
			expect(p, '(');
			n->left = parse_expr(p);
			n->line = peek(p, 0)->line;
			expect(p, ')');
			return n;
		}
		break;
	}
	syntax_error(p, &t);
}

static d_node_t *parse_postfix(parser_t *p)
{
	d_node_t *n = parse_primary(p);
	for (;;) {
		d_tok_t *t = peek(p, 0);
		d_node_t *m;
		switch (t->kind) {
		case '[':
			/*
			 * @a[k][j]: DTrace rejects it (D_AGG_MDIM) when cooking
			 * the subscript, after the whole program parsed, so a
			 * later syntax error wins; the compiler reports it.
			 */
			next(p);
			m = node(p, N_INDEX, n->line);
			m->left = n;
			m->args = parse_args(p, ']');
			/* dt_grammar.y builds the [ node when `]` is read */
			m->line = peek(p, 0)->line;
			expect(p, ']');
			n = m;
			continue;
		case '(':
			if (n->kind != N_IDENT)
				d_error(p->cc, t->line, "D_FUNC_IDENT",
				    "function designator is not of function type");
			next(p);
			m = node(p, N_CALL, n->line);
			m->name = n->name;
			m->scope = n->scope;
			m->args = parse_args(p, ')');
			expect(p, ')');
			n = m;
			continue;
		case '.':
		case TK_ARROW:
			m = node(p, N_MEMBER, n->line);
			m->op = t->kind == '.' ? D_OP_DOT : D_OP_ARROW;
			next(p);
			m->left = n;
			/* built when the member's name is read */
			m->line = peek(p, 0)->line;
			m->name = member_name(p);
			n = m;
			continue;
		case TK_INC:
		case TK_DEC:
			m = node(p, N_POSTFIX, t->line);
			m->op = t->kind == TK_INC ? D_OP_INC : D_OP_DEC;
			next(p);
			m->left = n;
			n = m;
			continue;
		}
		return n;
	}
}

static d_node_t *parse_unary(parser_t *p)
{
	d_tok_t t = *peek(p, 0);
	d_depth_guard(p->cc, t.line);
	d_node_t *n;
	int op = D_OP_NONE;

	switch (t.kind) {
	case '-': op = D_OP_NEG; break;
	case '+': op = D_OP_PLUS; break;
	case '!': op = D_OP_LNOT; break;
	case '~': op = D_OP_BNOT; break;
	case '*': op = D_OP_DEREF; break;
	case '&': op = D_OP_ADDROF; break;
	case TK_INC: op = D_OP_INC; break;
	case TK_DEC: op = D_OP_DEC; break;
	}
	if (op != D_OP_NONE) {
		next(p);
		n = node(p, N_UNARY, t.line);
		n->op = op;
		n->left = (op == D_OP_INC || op == D_OP_DEC) ?
		    parse_unary(p) : parse_cast(p);
		/* like every operator node, built (and its errors named)
		 * when the token after its operand is read */
		n->line = peek(p, 0)->line;
		return n;
	}
	if (is_kw(&t, "sizeof")) {
		next(p);
		if (peek(p, 0)->kind == '(' && starts_type(p, 1)) {
			next(p);
			n = node(p, N_SIZEOF_T, t.line);
			n->tname = parse_type_name(p);
			n->line = peek(p, 0)->line;
			expect(p, ')');
			fold(p, n);
			return n;
		}
		n = node(p, N_SIZEOF_E, t.line);
		n->left = parse_unary(p);
		n->line = peek(p, 0)->line;
		return n;
	}
	if (is_kw(&t, "stringof")) {
		next(p);
		n = node(p, N_STRINGOF, t.line);
		n->left = parse_unary(p);
		n->line = peek(p, 0)->line;
		return n;
	}
	return parse_postfix(p);
}

static d_node_t *parse_cast(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	d_depth_guard(p->cc, t->line);
	if (t->kind == '(' && starts_type(p, 1)) {
		int line = t->line;
		next(p);
		d_node_t *n = node(p, N_CAST, line);
		n->tname = parse_type_name(p);
		expect(p, ')');
		n->left = parse_cast(p);
		n->line = peek(p, 0)->line;
		p->top_unary = 0;
		return n;
	}
	d_node_t *n = parse_unary(p);
	p->top_unary = 1;
	return n;
}

static int binop(int kind, int *prec)
{
	switch (kind) {
	case TK_LOR: *prec = 1; return D_OP_LOR;
	case TK_LXOR: *prec = 2; return D_OP_LXOR;
	case TK_LAND: *prec = 3; return D_OP_LAND;
	case '|': *prec = 4; return D_OP_BOR;
	case '^': *prec = 5; return D_OP_BXOR;
	case '&': *prec = 6; return D_OP_BAND;
	case TK_EQ: *prec = 7; return D_OP_EQ;
	case TK_NE: *prec = 7; return D_OP_NE;
	case '<': *prec = 8; return D_OP_LT;
	case '>': *prec = 8; return D_OP_GT;
	case TK_LE: *prec = 8; return D_OP_LE;
	case TK_GE: *prec = 8; return D_OP_GE;
	case TK_SHL: *prec = 9; return D_OP_SHL;
	case TK_SHR: *prec = 9; return D_OP_SHR;
	case '+': *prec = 10; return D_OP_ADD;
	case '-': *prec = 10; return D_OP_SUB;
	case '*': *prec = 11; return D_OP_MUL;
	case '/': *prec = 11; return D_OP_DIV;
	case '%': *prec = 11; return D_OP_MOD;
	}
	return D_OP_NONE;
}

static d_node_t *parse_binary(parser_t *p, int minprec)
{
	d_node_t *l = parse_cast(p);
	for (;;) {
		int prec, op = binop(peek(p, 0)->kind, &prec);
		if (op == D_OP_NONE || prec < minprec)
			return l;
		next(p);
		d_node_t *r = parse_binary(p, prec + 1);
		/* DTrace builds the operator node, and later reports its
		 * errors, when the token after its right operand is read */
		d_node_t *n = node(p, N_BINARY, peek(p, 0)->line);
		n->op = op;
		n->left = l;
		n->right = r;
		l = n;
		p->top_unary = 0;
	}
}

static d_node_t *parse_cond(parser_t *p)
{
	d_node_t *c = parse_binary(p, 1);
	if (peek(p, 0)->kind != '?')
		return c;
	next(p);
	d_node_t *n = node(p, N_TERNARY, c->line);
	n->cond = c;
	n->left = parse_expr(p);
	expect(p, ':');
	n->right = parse_cond(p);
	n->line = peek(p, 0)->line;
	p->top_unary = 0;
	/* dt_node_op3: a constant condition leaves only its branch */
	fold(p, n);
	return n;
}

static int assignop(int kind)
{
	switch (kind) {
	case '=': return D_OP_ASSIGN;
	case TK_MUL_EQ: return D_OP_MUL_EQ;
	case TK_DIV_EQ: return D_OP_DIV_EQ;
	case TK_MOD_EQ: return D_OP_MOD_EQ;
	case TK_ADD_EQ: return D_OP_ADD_EQ;
	case TK_SUB_EQ: return D_OP_SUB_EQ;
	case TK_SHL_EQ: return D_OP_SHL_EQ;
	case TK_SHR_EQ: return D_OP_SHR_EQ;
	case TK_AND_EQ: return D_OP_AND_EQ;
	case TK_XOR_EQ: return D_OP_XOR_EQ;
	case TK_OR_EQ: return D_OP_OR_EQ;
	}
	return D_OP_NONE;
}

static d_node_t *parse_assign(parser_t *p)
{
	d_node_t *l = parse_cond(p);
	d_tok_t *t = peek(p, 0);
	int op = assignop(t->kind);
	if (op == D_OP_NONE)
		return l;
	/* as in C, only a unary expression may be assigned to */
	if (!p->top_unary)
		syntax_error(p, t);
	next(p);
	d_node_t *n = node(p, N_BINARY, l->line);
	n->op = op;
	n->left = l;
	n->right = parse_assign(p);
	n->line = peek(p, 0)->line;
	p->top_unary = 0;
	return n;
}

static d_node_t *parse_expr(parser_t *p)
{
	d_node_t *l = parse_assign(p);
	while (peek(p, 0)->kind == ',') {
		next(p);
		d_node_t *n = node(p, N_BINARY, l->line);
		n->op = D_OP_COMMA;
		n->left = l;
		n->right = parse_assign(p);
		l = n;
	}
	return l;
}

/* ---------------------------------------------------------------- */
/* statements                                                        */

static d_node_t *stmt_expr(parser_t *p, d_node_t *e)
{
	d_node_t *s = node(p, S_EXPR, e->line);
	s->left = e;
	return s;
}

static d_node_t *parse_if(parser_t *p)
{
	d_tok_t t = next(p);
	d_node_t *s = node(p, S_IF, t.line);
	expect(p, '(');
	s->cond = parse_expr(p);
	expect(p, ')');
	s->then_s = parse_stmt_or_block(p);
	if (is_kw(peek(p, 0), "else")) {
		next(p);
		s->else_s = parse_stmt_or_block(p);
	}
	return s;
}

/* statement list up to the closing '}' (not consumed) */
static d_node_t *parse_stmt_list(parser_t *p)
{
	d_node_t *head = NULL, **tail = &head;
	for (;;) {
		d_tok_t *t = peek(p, 0);
		if (t->kind == '}')
			return head;
		if (t->kind == ';') {
			next(p);
			continue;
		}
		if (is_kw(t, "if")) {
			*tail = parse_if(p);
			tail = &(*tail)->next;
			continue;
		}
		*tail = stmt_expr(p, parse_expr(p));
		tail = &(*tail)->next;
		t = peek(p, 0);
		if (t->kind == ';')
			next(p);
		else if (t->kind != '}')
			syntax_error(p, t);
	}
}

static d_node_t *parse_stmt_or_block(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	d_depth_guard(p->cc, t->line);
	if (t->kind == '{') {
		d_node_t *b = node(p, S_BLOCK, t->line);
		next(p);
		b->body = parse_stmt_list(p);
		expect(p, '}');
		return b;
	}
	if (t->kind == ';') {
		d_node_t *b = node(p, S_BLOCK, t->line);
		next(p);
		return b;
	}
	if (is_kw(t, "if"))
		return parse_if(p);
	d_node_t *s = stmt_expr(p, parse_expr(p));
	expect(p, ';');
	return s;
}

/* ---------------------------------------------------------------- */
/* types and declarations                                            */

static _Noreturn void combo(parser_t *p, int line)
{
	d_error(p->cc, line, "D_DECL_COMBO", "invalid type combination");
}

#define BASE_NAMES (D_BASE_VOID | D_BASE_CHAR | D_BASE_INT | D_BASE_FLOAT | \
	D_BASE_DOUBLE)
#define BASE_ATTRS (D_BASE_SHORT | D_BASE_LONG | D_BASE_LONGLONG | \
	D_BASE_SIGNED | D_BASE_UNSIGNED)

/* a type name (base keyword, tag, typedef) is already given */
static int spec_named(const d_spec_t *spec)
{
	return spec->kind != D_SPEC_BASE || (spec->base_flags & BASE_NAMES);
}

/*
 * DTrace checks the attributes (short, long, signed, unsigned) against the
 * type name each time either is added, in this order; any other odd mix
 * (short long, short double) is left to the type lookup, which fails.
 */
static void check_base(parser_t *p, const d_spec_t *spec, int line)
{
	unsigned f = spec->base_flags;
	int is_int = spec->kind == D_SPEC_BASE &&
	    !(f & (D_BASE_FLOAT | D_BASE_DOUBLE));
	int is_float = spec->kind == D_SPEC_BASE &&
	    (f & (D_BASE_FLOAT | D_BASE_DOUBLE));
	if (!spec_named(spec))
		return;
	if ((f & D_BASE_CHAR) &&
	    (f & (D_BASE_SHORT | D_BASE_LONG | D_BASE_LONGLONG)))
		d_error(p->cc, line, "D_DECL_CHARATTR", "invalid type "
		    "declaration: short and long may not be used with char type");
	if ((f & D_BASE_VOID) && (f & BASE_ATTRS))
		d_error(p->cc, line, "D_DECL_VOIDATTR", "invalid type "
		    "declaration: attributes may not be used with void type");
	if (!is_int && (f & (D_BASE_SIGNED | D_BASE_UNSIGNED)))
		d_error(p->cc, line, "D_DECL_SIGNINT", "invalid type "
		    "declaration: signed and unsigned may only be used with "
		    "integer type");
	if (!is_int && !is_float && (f & (D_BASE_LONG | D_BASE_LONGLONG)))
		d_error(p->cc, line, "D_DECL_LONGINT", "invalid type "
		    "declaration: long and long long may only be used with "
		    "integer or floating-point type");
}

/* add one base keyword (a name or an attribute) to spec */
static void add_base(parser_t *p, d_spec_t *spec, unsigned f, int line)
{
	static const struct { unsigned f; const char *kw; } once[] = {
		{ D_BASE_SHORT, "short" }, { D_BASE_SIGNED, "signed" },
		{ D_BASE_UNSIGNED, "unsigned" }, { 0, NULL }
	};
	if (f & BASE_NAMES) {
		if (spec_named(spec))
			combo(p, line);
	} else if (f == D_BASE_LONG && (spec->base_flags & D_BASE_LONGLONG)) {
		d_error(p->cc, line, "D_DECL_COMBO", "the attribute 'long' may "
		    "only be used at most twice in a declaration");
	} else if (f == D_BASE_LONG && (spec->base_flags & D_BASE_LONG)) {
		spec->base_flags &= ~D_BASE_LONG;
		f = D_BASE_LONGLONG;
	} else {
		for (int i = 0; once[i].kw != NULL; i++)
			if (f == once[i].f && (spec->base_flags & f))
				d_error(p->cc, line, "D_DECL_COMBO", "the attribute "
				    "'%s' may only be used at most once in a "
				    "declaration", once[i].kw);
	}
	spec->base_flags |= f;
	check_base(p, spec, line);
}

static void parse_sou_body(parser_t *p, d_spec_t *spec);
static void parse_enum_body(parser_t *p, d_spec_t *spec);

/*
 * Declaration specifiers. storage is NULL where no storage class may
 * appear. Returns 1 if anything was read.
 */
static int parse_specs(parser_t *p, d_spec_t *spec, int *storage)
{
	static const struct { const char *kw; unsigned f; } base[] = {
		{ "void", D_BASE_VOID }, { "char", D_BASE_CHAR },
		{ "short", D_BASE_SHORT }, { "int", D_BASE_INT },
		{ "long", D_BASE_LONG }, { "float", D_BASE_FLOAT },
		{ "double", D_BASE_DOUBLE }, { "signed", D_BASE_SIGNED },
		{ "unsigned", D_BASE_UNSIGNED }, { NULL, 0 }
	};
	static const struct { const char *kw; int st; } classes[] = {
		{ "typedef", D_ST_TYPEDEF }, { "extern", D_ST_EXTERN },
		{ "static", D_ST_STATIC }, { "self", D_ST_SELF },
		{ "this", D_ST_THIS }, { "auto", D_ST_AUTO },
		{ "register", D_ST_REGISTER }, { NULL, 0 }
	};
	int any = 0, typed = 0, has_class = 0;

	memset(spec, 0, sizeof(*spec));
	spec->kind = D_SPEC_BASE;
	for (;;) {
		d_tok_t *t = peek(p, 0);
		int line = t->line, done = 0;
		if (t->kind == TK_KW) {
			int i;
			for (i = 0; classes[i].kw != NULL; i++)
				if (strcmp(classes[i].kw, t->text) == 0)
					break;
			if (classes[i].kw != NULL) {
				if (storage == NULL)
					syntax_error(p, t);
				if (has_class)
					d_error(p->cc, line, "D_DECL_CLASS", "only one "
					    "storage class allowed in a declaration");
				has_class = 1;
				*storage = classes[i].st;
				next(p);
				any = 1;
				continue;
			}
			if (strcmp(t->text, "const") == 0 ||
			    strcmp(t->text, "volatile") == 0 ||
			    strcmp(t->text, "restrict") == 0) {
				if (t->text[0] == 'c')
					spec->base_flags |= D_BASE_CONST;
				else if (t->text[0] == 'v')
					spec->base_flags |= D_BASE_VOLATILE;
				next(p);
				any = 1;
				continue;
			}
			for (i = 0; base[i].kw != NULL; i++)
				if (strcmp(base[i].kw, t->text) == 0)
					break;
			if (base[i].kw != NULL) {
				add_base(p, spec, base[i].f, line);
				next(p);
				any = typed = 1;
				continue;
			}
			if (strcmp(t->text, "string") == 0) {
				if (spec_named(spec))
					combo(p, line);
				next(p);
				spec->kind = D_SPEC_TYPEDEF;
				spec->name = "string";
				check_base(p, spec, line);
				any = typed = 1;
				continue;
			}
			if (strcmp(t->text, "struct") == 0 ||
			    strcmp(t->text, "union") == 0 ||
			    strcmp(t->text, "enum") == 0) {
				int named = spec_named(spec);
				int k = t->text[0] == 's' ? D_SPEC_STRUCT :
				    t->text[0] == 'u' ? D_SPEC_UNION : D_SPEC_ENUM;
				next(p);
				t = peek(p, 0);
				const char *tag = NULL, *tscope = NULL;
				if (t->kind == TK_IDENT) {
					d_tok_t nt = next(p);
					tag = split_scope(p, own_scope(nt.str),
					    &tscope);
				}
				/* DTrace checks the specifier when it reduces it:
				 * on its `{`, or on the token after the tag */
				int sl = peek(p, 0)->line;
				if (named)
					combo(p, sl);
				spec->kind = k;
				check_base(p, spec, sl);
				spec->name = tag;
				spec->scope = tscope;
				if (peek(p, 0)->kind == '{') {
					/*
					 * DTrace defines the tag as soon as the
					 * `{` is read, so a redefinition is
					 * reported before anything after it.
					 */
					if (spec->name != NULL && spec->scope == NULL) {
						const char *full = d_sprintf(p->cc,
						    "%s %s", k == D_SPEC_STRUCT ?
						    "struct" : k == D_SPEC_UNION ?
						    "union" : "enum", spec->name);
						if (in_names(p->nm->bodies, full))
							d_error(p->cc, peek(p, 0)->line,
							    "D_DECL_TYPERED", "type "
							    "redeclared: %s", full);
						add_name(p, &p->nm->bodies, full);
					}
					spec->has_body = 1;
					spec->defined = d_alloc(p->cc,
					    sizeof(*spec->defined));
					if (k == D_SPEC_ENUM)
						parse_enum_body(p, spec);
					else
						parse_sou_body(p, spec);
				} else if (spec->name == NULL) {
					syntax_error(p, peek(p, 0));
				}
				any = typed = 1;
				continue;
			}
			done = 1;
		} else if (t->kind == TK_IDENT && !spec_named(spec) &&
		    is_typename(p, t->str)) {
			d_tok_t nt = next(p);
			spec->kind = D_SPEC_TYPEDEF;
			spec->name = split_scope(p, own_scope(nt.str),
			    &spec->scope);
			check_base(p, spec, line);
			any = typed = 1;
			continue;
		} else {
			done = 1;
		}
		if (done)
			break;
	}
	return any;
}

static d_node_t *parse_param(parser_t *p);

/*
 * A parameter list (dt_grammar.y's parameter_type_list), shared by
 * function declarators and array signatures; *va_line is set to the line
 * DTrace reports for a trailing `...` (0 when there is none).
 */
static d_node_t *parse_param_list(parser_t *p, int *va_line)
{
	d_node_t *head = NULL, **tail = &head;
	*va_line = 0;
	for (;;) {
		if (peek(p, 0)->kind == TK_ELLIPSIS) {
			next(p);
			*va_line = peek(p, 0)->line;
			break;
		}
		*tail = parse_param(p);
		tail = &(*tail)->next;
		if (peek(p, 0)->kind != ',')
			break;
		next(p);
	}
	return head;
}

/* array suffix contents: empty, key types, or a dimension */
static void parse_array(parser_t *p, d_dcl_t *d)
{
	if (peek(p, 0)->kind == ']')
		return;
	d_tok_t *t = peek(p, 0);
	if (starts_type(p, 0) || t->kind == TK_ELLIPSIS ||
	    is_kw(t, "register") || is_kw(t, "static") ||
	    is_kw(t, "extern") || is_kw(t, "auto") || is_kw(t, "typedef")) {
		/* dt_grammar.y: a parameter list, whose names an inline's
		 * expression uses (inline int f[int a] = a + 1;), checked
		 * as an array prototype when its `]` is read */
		int va;
		d->keys = parse_param_list(p, &va);
		d_proto_check(p->cc, d->keys, va, "array", 0,
		    peek(p, 0)->line);
		return;
	}
	d->dim = parse_cond(p);
}

static d_node_t *parse_params(parser_t *p)
{
	int va;
	if (peek(p, 0)->kind == ')')
		return NULL;
	return parse_param_list(p, &va);
}

/*
 * A declarator: derivations listed from the name outwards (ast.h), so
 * `*a[4]` is [ARRAY 4, PTR] and `(*a)[4]` is [PTR, ARRAY 4].
 */
static d_dcl_t *parse_declarator(parser_t *p, const char **ident,
    int *ident_line, int abstract)
{
	int nptr = 0;
	d_dcl_t *inner = NULL, *suffix = NULL, **st = &suffix;

	while (peek(p, 0)->kind == '*') {
		next(p);
		nptr++;
		while (is_kw(peek(p, 0), "const") || is_kw(peek(p, 0), "volatile") ||
		    is_kw(peek(p, 0), "restrict"))
			next(p);
	}
	d_tok_t *t = peek(p, 0);
	if (t->kind == TK_IDENT && !abstract) {
		*ident_line = t->line;
		*ident = next(p).str;
	} else if (t->kind == TK_IDENT && abstract && !is_typename(p, t->str)) {
		*ident_line = t->line;
		*ident = next(p).str;
	} else if (t->kind == '(') {
		int k = peek(p, 1)->kind;
		if (k == '*' || k == '(' ||
		    (k == TK_IDENT && !starts_type(p, 1))) {
			next(p);
			inner = parse_declarator(p, ident, ident_line, abstract);
			expect(p, ')');
		}
	}
	if (*ident == NULL && !abstract && inner == NULL)
		syntax_error(p, peek(p, 0));
	for (;;) {
		t = peek(p, 0);
		if (t->kind == '[') {
			next(p);
			d_dcl_t *d = d_alloc(p->cc, sizeof(*d));
			d->kind = D_DCL_ARRAY;
			parse_array(p, d);
			expect(p, ']');
			*st = d;
			st = &d->next;
		} else if (t->kind == '(') {
			next(p);
			d_dcl_t *d = d_alloc(p->cc, sizeof(*d));
			d->kind = D_DCL_FUNC;
			int va = 0, rline = peek(p, 0)->line;
			if (peek(p, 0)->kind != ')') {
				d->params = parse_param_list(p, &va);
				rline = peek(p, 0)->line;
			}
			expect(p, ')');
			d_proto_check(p->cc, d->params, va, "function",
			    D_PROTO_VARARGS | D_PROTO_VOID, rline);
			*st = d;
			st = &d->next;
		} else {
			break;
		}
	}
	for (int i = 0; i < nptr; i++) {
		d_dcl_t *d = d_alloc(p->cc, sizeof(*d));
		d->kind = D_DCL_PTR;
		*st = d;
		st = &d->next;
	}
	if (inner != NULL) {
		d_dcl_t **e = &inner;
		while (*e != NULL)
			e = &(*e)->next;
		*e = suffix;
		return inner;
	}
	return suffix;
}

static d_node_t *tname_node(parser_t *p, const d_spec_t *spec, int line)
{
	d_node_t *n = node(p, T_NAME, line);
	n->tn.spec = *spec;
	return n;
}

/*
 * A parameter of a function or an array signature. Its node's line is
 * that of the token after it, where DTrace reduces it and reports
 * errors about it.
 */
static d_node_t *parse_param(parser_t *p)
{
	d_spec_t spec;
	int line = peek(p, 0)->line, il = 0, st = D_ST_NONE;
	d_tok_t first = *peek(p, 0);
	if (!parse_specs(p, &spec, &st))
		syntax_error(p, peek(p, 0));
	/* self and this are D storage classes, not C ones: the grammar's
	 * parameter specifiers do not have them */
	if (st == D_ST_SELF || st == D_ST_THIS)
		syntax_error(p, &first);
	d_node_t *n = tname_node(p, &spec, line);
	n->tn.dcl = parse_declarator(p, &n->tn.ident, &il, 1);
	n->line = peek(p, 0)->line;
	if (st != D_ST_NONE && st != D_ST_REGISTER)
		d_error(p->cc, n->line, "D_DECL_PARMCLASS", "inappropriate "
		    "storage class for function or associative array "
		    "parameter");
	return n;
}

static d_node_t *parse_type_name(parser_t *p)
{
	d_spec_t spec;
	int line = peek(p, 0)->line, il = 0;
	if (!parse_specs(p, &spec, NULL))
		syntax_error(p, peek(p, 0));
	d_node_t *n = tname_node(p, &spec, line);
	const char *ident = NULL;
	n->tn.dcl = parse_declarator(p, &ident, &il, 1);
	if (ident != NULL)
		d_error(p->cc, il, "D_SYNTAX", "syntax error near \"%s\"", ident);
	return n;
}

static void parse_sou_body(parser_t *p, d_spec_t *spec)
{
	d_member_t *head = NULL, **tail = &head;
	expect(p, '{');
	/* dt_grammar.y's struct_declaration_list has at least one member */
	if (peek(p, 0)->kind == '}')
		syntax_error(p, peek(p, 0));
	while (peek(p, 0)->kind != '}') {
		d_spec_t ms;
		int line = peek(p, 0)->line;
		if (!parse_specs(p, &ms, NULL))
			syntax_error(p, peek(p, 0));
		for (;;) {
			d_member_t *m = d_alloc(p->cc, sizeof(*m));
			d_node_t *tn = tname_node(p, &ms, line);
			int il = line;
			m->line = line;
			if (peek(p, 0)->kind != ':')
				tn->tn.dcl = parse_declarator(p, &tn->tn.ident,
				    &il, 0);
			m->tname = tn;
			m->name = tn->tn.ident;
			m->line = il;
			if (peek(p, 0)->kind == ':') {
				next(p);
				m->value = parse_cond(p);
			}
			*tail = m;
			tail = &m->next;
			if (peek(p, 0)->kind != ',')
				break;
			next(p);
		}
		expect(p, ';');
	}
	next(p);
	spec->members = head;
}

static void parse_enum_body(parser_t *p, d_spec_t *spec)
{
	d_member_t *head = NULL, **tail = &head;
	expect(p, '{');
	for (;;) {
		d_tok_t *t = peek(p, 0);
		if (t->kind == '}' && head != NULL)
			break;
		if (t->kind != TK_IDENT)
			syntax_error(p, t);
		d_member_t *m = d_alloc(p->cc, sizeof(*m));
		m->line = t->line;
		m->name = next(p).str;
		/* enumerators are constants, never type names */
		add_name(p, &p->nm->idents, m->name);
		if (peek(p, 0)->kind == '=') {
			next(p);
			m->value = parse_cond(p);
		}
		/* DTrace defines (and checks) an enumerator when the `,` or
		 * `}` after it is read: its errors name that line */
		m->line = peek(p, 0)->line;
		*tail = m;
		tail = &m->next;
		if (peek(p, 0)->kind != ',')
			break;
		next(p);
	}
	expect(p, '}');
	spec->members = head;
}

static int has_keys(const d_dcl_t *d)
{
	for (; d != NULL; d = d->next)
		if (d->kind == D_DCL_ARRAY && d->keys != NULL)
			return 1;
	return 0;
}

/* declaration or inline definition at the top level */
static d_node_t *parse_declaration(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	d_node_t *n = node(p, D_DECL, t->line);
	int storage = D_ST_NONE, is_inline = 0;
	d_spec_t spec;

	if (is_kw(t, "inline")) {
		next(p);
		is_inline = 1;
	}
	int line = peek(p, 0)->line;
	if (!parse_specs(p, &spec, is_inline ? NULL : &storage))
		syntax_error(p, peek(p, 0));
	n->decl.storage = is_inline ? D_ST_INLINE : storage;
	if (peek(p, 0)->kind == ';' && !is_inline) {
		next(p);
		n->decl.tnames = tname_node(p, &spec, line);
		return n;
	}
	d_node_t **tail = &n->decl.tnames;
	for (;;) {
		d_node_t *tn = tname_node(p, &spec, line);
		int il = line;
		tn->tn.dcl = parse_declarator(p, &tn->tn.ident, &il, 0);
		tn->line = il;
		if (storage == D_ST_THIS && has_keys(tn->tn.dcl))
			d_error(p->cc, il, "D_DECL_LOCASSC", "associative arrays "
			    "may not be declared as local variables: %s",
			    tn->tn.ident);
		if (storage == D_ST_TYPEDEF)
			add_name(p, &p->nm->typedefs, tn->tn.ident);
		else
			add_name(p, &p->nm->idents, tn->tn.ident);
		*tail = tn;
		tail = &tn->next;
		if (is_inline) {
			expect(p, '=');
			n->decl.init = parse_assign(p);
			break;
		}
		if (peek(p, 0)->kind != ',')
			break;
		next(p);
	}
	expect(p, ';');
	return n;
}

/*
 * dt_decl_prototype on a probe's output list, whose formals are its input
 * list: every output parameter is named (void alone aside), after an
 * input parameter, since the name says which input it translates.
 */
static void xargs_check(parser_t *p, const d_probe_decl_t *pd)
{
	int i = 1;
	for (const d_node_t *x = pd->xargs; x != NULL; x = x->next, i++) {
		int is_void = x->tn.spec.kind == D_SPEC_BASE &&
		    (x->tn.spec.base_flags & D_BASE_VOID) && x->tn.dcl == NULL;
		if (x->tn.ident == NULL) {
			if (!is_void)
				d_error(p->cc, x->line, "D_DECL_PROTO_NAME",
				    "parameter declaration requires a name: "
				    "parameter #%d", i);
			continue;
		}
		const d_node_t *a = pd->args;
		while (a != NULL && (a->tn.ident == NULL ||
		    strcmp(a->tn.ident, x->tn.ident) != 0))
			a = a->next;
		if (a == NULL)
			d_error(p->cc, x->line, "D_DECL_PROTO_FORM", "parameter "
			    "is not declared in probe output prototype: %s, "
			    "parameter #%d", x->tn.ident, i);
	}
}

/* provider name { probe name(args) [: (xargs)]; ... }; */
static d_node_t *parse_provider(parser_t *p)
{
	d_tok_t kw = next(p);
	d_node_t *n = node(p, D_PROVIDER, kw.line);
	d_tok_t *t = peek(p, 0);
	if (t->kind != TK_IDENT)
		syntax_error(p, t);
	n->provider.name = next(p).str;
	expect(p, '{');
	d_probe_decl_t **tail = &n->provider.probes;
	while (peek(p, 0)->kind != '}') {
		t = peek(p, 0);
		if (!is_kw(t, "probe"))
			syntax_error(p, t);
		next(p);
		t = peek(p, 0);
		if (t->kind != TK_IDENT)
			syntax_error(p, t);
		d_probe_decl_t *pd = d_alloc(p->cc, sizeof(*pd));
		pd->line = t->line;
		pd->name = next(p).str;
		expect(p, '(');
		pd->args = parse_params(p);
		expect(p, ')');
		if (peek(p, 0)->kind == ':') {
			next(p);
			expect(p, '(');
			pd->xargs = parse_params(p);
			xargs_check(p, pd);
			expect(p, ')');
		}
		expect(p, ';');
		*tail = pd;
		tail = &pd->next;
	}
	next(p);
	expect(p, ';');
	return n;
}

/* translator T < S *p > { m = e; ... }; */
static d_node_t *parse_translator(parser_t *p)
{
	d_tok_t kw = next(p);
	d_node_t *n = node(p, D_TRANSLATOR, kw.line);
	n->tname = parse_type_name(p);
	expect(p, '<');
	d_spec_t spec;
	int line = peek(p, 0)->line, il = line;
	if (!parse_specs(p, &spec, NULL))
		syntax_error(p, peek(p, 0));
	n->left = tname_node(p, &spec, line);
	n->left->tn.dcl = parse_declarator(p, &n->left->tn.ident, &il, 0);
	expect(p, '>');
	expect(p, '{');
	d_node_t **tail = &n->args;
	while (peek(p, 0)->kind != '}') {
		d_tok_t *t = peek(p, 0);
		if (t->kind != TK_IDENT)
			syntax_error(p, t);
		d_node_t *m = node(p, N_BINARY, t->line);
		m->op = D_OP_ASSIGN;
		m->left = node(p, N_IDENT, t->line);
		m->left->name = next(p).str;
		expect(p, '=');
		m->right = parse_expr(p);
		expect(p, ';');
		*tail = m;
		tail = &m->next;
	}
	next(p);
	n->ival = (uint64_t)peek(p, 0)->line;
	expect(p, ';');
	return n;
}

/* ---------------------------------------------------------------- */
/* clauses and the program                                           */

static d_node_t *parse_clause(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	d_node_t *n = node(p, D_CLAUSE, t->line);
	d_pdesc_text_t **dt = &n->clause.descs;

	for (;;) {
		t = peek(p, 0);
		if (t->kind != TK_PSPEC && t->kind != TK_INT)
			syntax_error(p, t);
		d_tok_t d = next(p);
		d_pdesc_text_t *pd = d_alloc(p->cc, sizeof(*pd));
		pd->text = d.kind == TK_PSPEC ? d.str : d.text;
		pd->line = d.line;
		*dt = pd;
		dt = &pd->next;
		if (peek(p, 0)->kind != ',')
			break;
		next(p);
	}
	t = peek(p, 0);
	if (t->kind == '/') {
		next(p);
		p->mode = D_LEX_EXPR;
		n->clause.pred = parse_expr(p);
		expect(p, TK_EPRED);
		t = peek(p, 0);
		if (t->kind != '{')
			syntax_error(p, t);
	}
	if (t->kind == '{') {
		next(p);
		p->mode = D_LEX_EXPR;
		n->clause.has_body = 1;
		n->clause.body = parse_stmt_list(p);
		n->clause.end_line = peek(p, 0)->line;
		expect(p, '}');
		return n;
	}
	if (p->cc->kind == D_PROG_SCRIPT)
		d_error(p->cc, n->line, "D_SYNTAX", "expected predicate and/or "
		    "actions following probe description");
	return n;
}

static d_node_t *parse_top(parser_t *p)
{
	d_tok_t *t = peek(p, 0);
	if (t->kind == TK_PSPEC || t->kind == TK_INT)
		return parse_clause(p);
	p->mode = D_LEX_EXPR;
	if (is_kw(t, "provider"))
		return parse_provider(p);
	if (is_kw(t, "translator"))
		return parse_translator(p);
	if (t->kind == TK_KW || t->kind == TK_IDENT)
		return parse_declaration(p);
	syntax_error(p, t);
}

void d_parse(d_cc_t *cc)
{
	parser_t ps, *p = &ps;
	memset(p, 0, sizeof(*p));
	p->cc = cc;
	if (cc->names == NULL)
		cc->names = d_alloc(cc, sizeof(struct d_names));
	p->nm = cc->names;
	d_lex_init(&p->lx, cc, cc->src != NULL ? cc->src : "");
	p->lx.is_type = lex_is_type;
	p->lx.is_type_arg = p;

	d_node_t **tail = list_tail(&cc->top);
	for (;;) {
		/*
		 * Each top-level construct ends without reading ahead, except
		 * a clause with neither predicate nor body, whose look-ahead
		 * was read at the outer scope: so mode and buffer agree.
		 */
		p->mode = D_LEX_OUTER;
		d_tok_t *t = peek(p, 0);
		if (t->kind == TK_EOF)
			break;
		*tail = parse_top(p);
		if (cc->on_decl != NULL && ((*tail)->kind == D_DECL ||
		    (*tail)->kind == D_TRANSLATOR))
			cc->on_decl(cc->on_decl_arg, *tail);
		tail = &(*tail)->next;
	}
	if (cc->top == NULL && !cc->empty)
		d_error(cc, p->lx.line, "D_EMPTY", "empty D program translation unit");
	if (!cc->argref && cc->argc > 0 && cc->argused != NULL &&
	    !cc->argused[cc->argc - 1])
		d_error(cc, p->lx.line, "D_MACRO_UNUSED",
		    "extraneous argument '%s' ($%d is not referenced)",
		    cc->argv[cc->argc - 1], cc->argc);
}
