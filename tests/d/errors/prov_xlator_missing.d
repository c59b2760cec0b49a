/* proves: a provider whose translated argument has neither a compatible native type nor a translator from it is refused where the provider is compiled (D_PROV_PRXLATOR) */
/* args: -x errtags */
struct ticket { int id; };
provider shop {
	probe sale(int amount, char *who) : (struct ticket *amount);
};
BEGIN { exit(0); }
