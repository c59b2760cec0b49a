/* proves: length modifiers are type-checked: %hd needs a short */
/* args: -x errtags */
BEGIN { printf("%hd\n", 1); }
