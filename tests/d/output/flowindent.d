/* proves: -F flowindent uses the "CPU FUNCTION" header and "| func:name" prefixes for probes that are neither entry nor return */
/* args: -F */
BEGIN { trace(1); }
BEGIN { exit(0); }
END { trace("end"); }
