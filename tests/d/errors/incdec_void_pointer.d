/* proves: ++ on a void * is refused for its unknown size (D_OP_VFPTR) */
/* args: -x errtags */
void *p;
BEGIN { p++; }
