/* proves: non-quiet print() follows the probe prefix directly and the record newline follows the value */
BEGIN { print(10); print((uint64_t)0); exit(0); }
