/* proves: an aggregation as trunc()'s count is D_TRUNC_SCALAR */
/* args: -x errtags */
BEGIN { @a = count(); trunc(@a, @a); }
