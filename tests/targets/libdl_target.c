/*
 * libdl_target.c — the shared library the dlopener target loads at run
 * time (built as libdl_target.so beside the targets): lib_work(x) = x * 3.
 * build: -g -O2 -shared -fPIC (explicit Makefile rule)
 */
__attribute__((noinline, noipa)) int lib_work(int x)
{
	return x * 3;
}
