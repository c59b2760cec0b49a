/* proves: a string predicate is D_PRED_SCALAR */
/* args: -x errtags */
BEGIN /"abc"/ { }
