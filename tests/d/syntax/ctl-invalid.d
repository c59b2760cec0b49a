/* proves: an unknown control directive is D_PRAGCTL_INVAL */
/* args: -x errtags */
#include <stdio.h>
BEGIN {}
