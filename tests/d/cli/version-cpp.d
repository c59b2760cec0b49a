/* proves: -x version=1.0 is accepted and sets __SUNW_D_VERSION for cpp (0x01000000) */
/* args: -q -C -x version=1.0 */
BEGIN { printf("%x\n", __SUNW_D_VERSION); exit(0); }
