/* proves: copyoutstr() is a subroutine returning void: traced, it is D_TRACE_VOID, not a statement-only action */
/* args: -x errtags */
BEGIN { trace(copyoutstr("a", 0, 2)); }
