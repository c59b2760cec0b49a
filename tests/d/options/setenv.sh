# proves: -x setenv and -x unsetenv change the environment of the -c command (a name set again replaces the old value), not udtrace's
UDT_OLD=old HOME=/home/x "$UDTRACE" -q -x setenv=UDT_NEW=hello -x setenv=UDT_OLD=new \
    -x unsetenv=HOME -x setenv=UDT_BARE -n 'BEGIN { }' \
    -c 'printenv UDT_NEW UDT_OLD HOME UDT_BARE'
echo "status $?"
UDT_OLD=old "$UDTRACE" -q -x unsetenv=UDT_OLD -x setenv=UDT_OLD=again -n 'BEGIN { }' -c 'printenv UDT_OLD'
echo "status $?"
