/* proves: sizeof(struct t) read before struct t is defined is refused where it is read (D_SIZEOF_TYPE), even though the definition follows */
/* args: -x errtags */
BEGIN
{
	trace(sizeof(struct later));
	exit(0);
}

struct later { int a; };
