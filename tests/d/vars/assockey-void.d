/* proves: an action as an associative array key is D_KEY_TYPE: void expression may not be used as associative array index */
/* args: -x errtags */
BEGIN { a[trace(1)] = 1; }
