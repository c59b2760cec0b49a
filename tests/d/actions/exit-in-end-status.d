/* proves: exit() in END is recorded too and the last exit consumed sets udtrace's status */
#pragma D option quiet
BEGIN { exit(3); }
END { printf("end\n"); exit(0); }
