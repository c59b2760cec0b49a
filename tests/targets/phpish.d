/*
 * phpish.d — a PHP-shaped USDT provider for the phpish target, turned into
 * build/targets/phpish.h by `udtrace -h`. The probes and argument lists
 * are those PHP's engine declares: function-entry/-return(function, file,
 * line, class, scope) and request-startup/-shutdown(file, uri, method).
 */
provider phpish {
	probe request__startup(char *, char *, char *);
	probe request__shutdown(char *, char *, char *);
	probe function__entry(char *, char *, int, char *, char *);
	probe function__return(char *, char *, int, char *, char *);
};
