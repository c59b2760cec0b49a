/* proves: -x rawbytes hex-dumps strings too, in the layout of tracemem */
/* args: -x rawbytes -x strsize=20 */
BEGIN { trace("hello, world"); exit(0); }
