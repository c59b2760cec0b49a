# proves: -x with an unknown name or a bad value is refused naming the option without its value, exit 1
"$UDTRACE" -x nosuch -n BEGIN
echo "status $?"
"$UDTRACE" -x nosuch=3 -n BEGIN
echo "status $?"
"$UDTRACE" -x bufsize=lots -n BEGIN
echo "status $?"
"$UDTRACE" -b lots -n BEGIN
