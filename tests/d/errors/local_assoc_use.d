/* proves: a clause-local used as an associative array is D_ARR_LOCAL */
/* args: -x errtags */
BEGIN { this->x[1] = 1; exit(0); }
