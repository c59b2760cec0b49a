/* proves: with -C, errors still name the script's own line numbers */
/* args: -C -D TWO=2 */
#define ADD(a, b) ((a) + (b))

#if TWO == 2 && __SUNW_D
BEGIN
{
	x = ADD(1, TWO) +;
}
#endif
