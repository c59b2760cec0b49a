# proves: -x grabanon fails tracing as dtrace_state_go does without anonymous state (ENOENT), after the programs matched; an empty value leaves it unset
"$UDTRACE" -x grabanon -n 'BEGIN { exit(0); }'
echo "status $?"
"$UDTRACE" -q -x grabanon= -n 'BEGIN { exit(0); }'
echo "status $?"
