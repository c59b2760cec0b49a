# proves: a -L library's inlines, types, enums and translators are in the program's scope
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
mkdir "$t/lib"
cat > "$t/lib/defs.d" <<'EOF_D'
inline int FOO = 42;
struct pt { int x; int y; };
typedef struct pt pt_t;
enum color { RED = 1, GREEN = 7 };
struct out { int sum; };
translator struct out < pt_t *p > { sum = p->x + p->y; };
EOF_D
cat > "$t/m.d" <<'EOF_D'
BEGIN
{
	this->p = (pt_t *)alloca(sizeof(pt_t));
	this->p->x = 3;
	this->p->y = 4;
	printf("%d %d %d %d\n", FOO, GREEN, sizeof(struct pt),
	    xlate <struct out> (this->p).sum);
	exit(0);
}
EOF_D
cd "$t" || exit 1
$UDTRACE -q -L lib -s m.d
echo "status $?"
