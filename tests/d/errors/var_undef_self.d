/* proves: reading self->x before any assignment is D_VAR_UNDEF */
/* args: -x errtags */
BEGIN { trace(self->x); }
