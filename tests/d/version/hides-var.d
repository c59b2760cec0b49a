/* proves: a built-in variable newer than -x version is unknown: ustackdepth (D 1.2) under 1.0 */
/* args: -x errtags -x version=1.0 */
BEGIN { trace(ustackdepth); exit(0); }
