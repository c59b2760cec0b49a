/* proves: an inline whose value DTrace's parser folds to an integer constant (operators, casts, ?: and sizeof over constants, another such inline, an array dimension) stands for that constant with its own type, not the inline's declared type, as dt_node_op2 folds and dt_node_ident clones it */
#pragma D option quiet
inline uint8_t U = 'q';
inline uint16_t V = 30 - U;
inline char S = 200 + 100;
inline char T = 1 ? 300 : 2;
inline char Z = sizeof(int) * 100;
inline int C = (char)300;
int a[S];
BEGIN
{
	printf("%d %d\n", V, sizeof(V));
	printf("%d %d\n", S, sizeof(S));
	printf("%d %d\n", T, sizeof(T));
	printf("%d %d\n", Z, sizeof(Z));
	printf("%d %d\n", C, sizeof(C));
	printf("%d\n", sizeof(a) / sizeof(a[0]));
	exit(0);
}
