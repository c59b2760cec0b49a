/* proves: a translated probe argument needs a name, which says the native argument it translates (D_DECL_PROTO_NAME) */
/* args: -x errtags */
provider shop {
	probe sale(int amount) : (long);
};
