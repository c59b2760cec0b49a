/* proves: a struct or union needs at least one member, as in DTrace's grammar: an empty body is a syntax error on its closing brace, after the tag was checked on the opening one */
/* args: -x errtags */
struct s {

};
union u {
};
BEGIN { exit(0); }
