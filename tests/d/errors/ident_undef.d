/* proves: an unknown variable name fails to compile */
BEGIN { trace(x); }
