/* proves: tracemem()'s size is checked against its size_t prototype before tracemem's own size rule */
/* args: -x errtags */
BEGIN { tracemem(0, "x"); }
