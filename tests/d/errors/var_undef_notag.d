/* proves: without errtags the D_VAR_UNDEF message has no tag */
BEGIN { trace(self->x); }
