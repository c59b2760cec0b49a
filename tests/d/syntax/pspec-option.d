/* proves: -x pspec reads outer-scope text that could be a declaration (int*x) as a probe description, which then needs a predicate or actions */
/* args: -x errtags -x pspec */
int*x
