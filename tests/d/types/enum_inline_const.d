/* proves: an inline whose value is an enumerator stands for that integer constant with the enum's type, not narrowed to the inline's type: an enumerator is an inline of an INT node (dt_decl_enumerator) that dt_node_ident clones */
#pragma D option quiet
enum e { A = 300 };
inline char C = A;
BEGIN
{
	printf("%d %d\n", C, sizeof (C));
	exit(0);
}
