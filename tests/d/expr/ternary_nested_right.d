/* proves: ?: nested 16 deep in the right branch needs no extra registers */
#pragma D option quiet
BEGIN { trace((1 > 2 ? 1 : (1 > 2 ? 2 : (1 > 2 ? 3 : (1 > 2 ? 4 : (1 > 2 ? 5 : (1 > 2 ? 6 : (1 > 2 ? 7 : (1 > 2 ? 8 : (1 > 2 ? 9 : (1 > 2 ? 10 : (1 > 2 ? 11 : (1 > 2 ? 12 : (1 > 2 ? 13 : (1 > 2 ? 14 : (1 > 2 ? 15 : (1 > 2 ? 16 : 0))))))))))))))))); exit(0); }
