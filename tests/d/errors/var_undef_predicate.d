/* proves: a predicate reading an unassigned thread-local is D_VAR_UNDEF */
/* args: -x errtags */
BEGIN /self->x/ { }
