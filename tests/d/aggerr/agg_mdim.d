/* proves: an aggregation subscripted twice is D_AGG_MDIM */
/* args: -x errtags */
BEGIN { @a[0][1] = count(); }
