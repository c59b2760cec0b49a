/* proves: a translated probe argument must name one of the probe's native arguments (D_DECL_PROTO_FORM) */
/* args: -x errtags */
provider shop {
	probe sale(int amount) : (long total);
};
