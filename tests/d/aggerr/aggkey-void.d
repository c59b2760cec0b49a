/* proves: an action as an aggregation key is D_KEY_TYPE: void expression may not be used as aggregation index */
/* args: -x errtags */
BEGIN { @[trace(0)] = count(); }
