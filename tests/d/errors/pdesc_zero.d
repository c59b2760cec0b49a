/* proves: a probe description matching nothing is D_PDESC_ZERO */
/* args: -x errtags */
dtrace:::nosuch { }
