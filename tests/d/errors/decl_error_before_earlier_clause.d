/* proves: declarations are checked while parsing, clauses after it: a bad declaration after a bad clause is the error reported */
/* args: -x errtags */
BEGIN { trace(1 & "b"); }
struct a { struct b m; };
