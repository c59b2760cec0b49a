/* proves: an inline parameter is its argument's code at each use, cast to the parameter type; the result to the inline's type */
#pragma D option quiet
inline int sq[int x] = x * x;
inline char lo[int x] = x;
inline int narrow[char c] = c;
BEGIN { i = 2; printf("%d %d %d %d %d\n", sq[i++], i, sq[sq[3]], lo[300], narrow[300]); exit(0); }
