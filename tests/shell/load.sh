# proves: -s files given with -I are loaded first; :load of a script with an error names the file and its own line; clauses loaded and typed share variables; :list shows where a clause came from
. ./lib.inc
d=$(mktemp -d)
printf 'int n;\n\nBEGIN { n = 41; }\n' >"$d/first.d"
printf 'BEGIN {\n  n++;\n  x = ;\n}\n' >"$d/bad.d"
printf 'BEGIN\n{\n\tprintf("n is %%d\\n", ++n);\n}\n' >"$d/good.d"
cd "$d"
drive <<'SCRIPT'
args -q -I -s first.d
wait udtrace> 
send :load bad.d\r
wait udtrace> 
send :load nosuch.d\r
wait udtrace> 
send :load go\t\r
wait udtrace> 
send :list\r
wait udtrace> 
send :go\r
wait udtrace> 
send :quit\r
SCRIPT
cd /
rm -rf "$d"
drive_done
