# proves: -h on a provider with translated arguments writes macros taking the native arguments (their count and types), and refuses one whose translated argument has no translator (D_PROV_PRXLATOR), as DTrace compiles the definition first
tmp=$(mktemp -d) || exit 1
cd "$tmp" || exit 1
cat > shop.d <<'D'
typedef struct saleinfo { string who; long cents; } saleinfo_t;
translator saleinfo_t < char *w > { who = copyinstr((uintptr_t)w); cents = 0; };
provider shop {
	probe sale(char *who, int cents) : (saleinfo_t *who, long cents);
};
D
"$UDTRACE" -h -s shop.d -o shop.h
echo "status $?"
grep -e '^/\* SHOP' -e '^#define SHOP_SALE(' -e '^DTRACE_PROBE' shop.h
cat > bad.d <<'D'
struct ticket { int id; };
provider shop {
	probe sale(char *who, int cents) : (struct ticket *who);
};
D
"$UDTRACE" -x errtags -h -s bad.d -o bad.h 2>&1
echo "status $?"
test -e bad.h && echo "bad.h written"
cd / && rm -rf "$tmp"
