/* proves: the notice counts every matched (description, probe) pair; default output prints a prefix per recorded firing */
BEGIN, END { }
profile:::tick-1000 { exit(0); }
