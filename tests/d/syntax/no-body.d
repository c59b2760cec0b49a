/* proves: a description in a script must be followed by a predicate or actions */
BEGIN
