# proves: -p with something that is not a process id is refused, exit 1
"$UDTRACE" -p notapid -n BEGIN
