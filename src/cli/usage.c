/*
 * usage.c — the usage text printed for a usage error (exit status 2).
 *
 * Owns: the wording of the option summary; keep it in step with
 * man/udtrace.1 and README.md. Must not: exit; the caller picks the status.
 */
#include "cli/cli.h"

static const char usage_text[] =
"Usage: %s [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
"\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
"\t[-x opt[=val]] [-X a|c|s|t]\n"
"\n"
"\t[-P provider [[ predicate ] action ]]\n"
"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n"
"\n"
"\tpredicate -> '/' D-expression '/'\n"
"\t   action -> '{' D-statements '}'\n"
"\n"
"\t-32 use the 32-bit data model (not available: -64 is the native one)\n"
"\t-64 use the 64-bit data model\n"
"\n"
"\t-a  claim anonymous tracing state (not available in user space)\n"
"\t-A  set up anonymous tracing (not available in user space)\n"
"\t-b  set the trace buffer size\n"
"\t-c  run the command cmd and trace it until it exits\n"
"\t-C  pass programs through the C preprocessor first\n"
"\t-D  define a preprocessor symbol (with -C)\n"
"\t-e  compile the programs and match their probes, then exit\n"
"\t-f  enable or list the probes of the named function\n"
"\t-F  indent function entries and returns (flowindent)\n"
"\t-G  write an ELF object holding the programs' USDT providers\n"
"\t-h  write a C header for the USDT providers of a script\n"
"\t-H  list the files the preprocessor includes\n"
"\t-i  enable or list the probe with the given id\n"
"\t-I  add a directory to the preprocessor's include path\n"
"\t-l  list probes instead of tracing them\n"
"\t-L  add a directory to the D library search path\n"
"\t-m  enable or list the probes of the named module\n"
"\t-n  enable or list the probes of the named name\n"
"\t-o  append the trace output to a file\n"
"\t-p  trace the running process with the given pid\n"
"\t-P  enable or list the probes of the named provider\n"
"\t-q  quiet: print only what the programs print\n"
"\t-s  read a D program from a file ('-' for standard input)\n"
"\t-S  show the DIF code the programs compile to\n"
"\t-U  undefine a preprocessor symbol (with -C)\n"
"\t-v  show stability and argument types (with -e or -l)\n"
"\t-V  print the version of the D language and exit\n"
"\t-w  allow destructive actions\n"
"\t-x  set a tracing option (see udtrace(1))\n"
"\t-X  pick the ISO C mode of the preprocessor (with -C)\n"
"\t-Z  allow probe descriptions that match no probes\n";

void cli_usage(FILE *fp)
{
	fprintf(fp, usage_text, UDT_PROGNAME);
}
