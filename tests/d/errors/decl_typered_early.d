/* proves: a struct body given again is D_DECL_TYPERED as soon as its brace is read, as with braces around a translator input */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s
{ int T }
{ w = T; };
BEGIN { exit(0); }
