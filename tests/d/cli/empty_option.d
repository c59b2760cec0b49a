/* proves: -x empty lets an empty program compile; it then matches no probes */
/* args: -x empty */
