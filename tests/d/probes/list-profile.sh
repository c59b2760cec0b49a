# proves: -l shows the profile probes DTrace lists in advance, and creates tick-N when a description names it
"$UDTRACE" -l -P profile
"$UDTRACE" -l -n tick-7 -n 'tick-*sec'
