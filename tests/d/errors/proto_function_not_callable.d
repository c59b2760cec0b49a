/* proves: a function prototype is an extern declaration, not a D function: calling it is D_FUNC_UNDEF */
/* args: -x errtags */
int g(int, char *s, ...);
BEGIN { g(1); }
