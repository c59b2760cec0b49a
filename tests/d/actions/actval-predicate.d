/* proves: an action as a predicate is D_PRED_SCALAR: it has type void */
/* args: -x errtags */
BEGIN /trace(1)/ { }
