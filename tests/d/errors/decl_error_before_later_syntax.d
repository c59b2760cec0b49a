/* proves: a declaration error is reported when the declaration is parsed, before a later error in the file */
/* args: -x errtags */
struct a { struct b m; };
BEGIN { x = (1)(2); }
