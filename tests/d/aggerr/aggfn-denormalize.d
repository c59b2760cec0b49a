/* proves: denormalize() of an aggregating function call is D_NORMALIZE_AGGARG naming its void type */
/* args: -x errtags */
BEGIN { denormalize(count()); }
