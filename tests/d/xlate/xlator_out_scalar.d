/* proves: a translator's output type must be a struct or union (D_XLATE_SOU, D-GAPS 28) */
/* args: -x errtags */
translator int < int T > { };
BEGIN { exit(0); }
