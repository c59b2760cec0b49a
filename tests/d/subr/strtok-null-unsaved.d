/* proves: strtok(NULL, ...) with no string saved in this firing faults at address 0 */
#pragma D option quiet
BEGIN { x = strtok(NULL, " "); exit(0); }
ERROR { exit(1); }
