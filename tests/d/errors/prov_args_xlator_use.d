/* proves: a probe declared with an argument that cannot be translated is refused where args[n] is used too (D_ARGS_XLATOR), as the clause before the provider is compiled first */
/* args: -x errtags */
shop*:::sale { trace(args[0]->id); }
struct ticket { int id; };
provider shop {
	probe sale(int amount) : (struct ticket *amount);
};
