/* proves: clear() of an aggregating function call is D_CLEAR_AGGARG naming its void type */
/* args: -x errtags */
BEGIN { clear(count()); }
