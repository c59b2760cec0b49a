/* proves: printa() of aggregations with different key counts names both and their key counts */
/* args: -x errtags */
BEGIN { @a = count(); @b[1] = count(); printa(@a, @b); }
