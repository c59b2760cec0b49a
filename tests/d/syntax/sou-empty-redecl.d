/* proves: an empty struct body that redefines a tag reports the redefinition first, as DTrace checks the tag when it reads the opening brace */
/* args: -x errtags */
struct s { int a; };
struct s
{
};
BEGIN { exit(0); }
