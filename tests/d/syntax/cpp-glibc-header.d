/* proves: -C with a glibc header compiles: cpp runs in strict ISO mode, so <endian.h> leaves out its inline function bodies */
/* args: -q -C */
#include <endian.h>
BEGIN { trace(__BYTE_ORDER == __LITTLE_ENDIAN); exit(0); }
