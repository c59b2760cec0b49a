/* proves: #pragma error stops compilation with its words */
/* args: -x errtags */
#pragma error not yet
BEGIN {}
