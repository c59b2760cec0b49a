/* proves: a predicate must be followed by an action list */
BEGIN
/1/
;
