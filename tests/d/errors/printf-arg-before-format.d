/* proves: printf() arguments are typed before its format is parsed, so an undefined argument wins over a bad conversion */
/* args: -x errtags */
BEGIN { printf("%z", nosuchvar); }
