/* proves: a description matching no probe is D_PDESC_ZERO, exit 1 */
BEGIN { exit(0); }
:::foo { }
