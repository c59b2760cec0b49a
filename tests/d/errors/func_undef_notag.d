/* proves: without errtags the unknown-function message has no tag */
BEGIN { foo(1); }
