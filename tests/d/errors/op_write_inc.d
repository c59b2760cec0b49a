/* proves: ++ on the built-in timestamp is D_OP_WRITE */
/* args: -x errtags */
BEGIN { timestamp++; }
