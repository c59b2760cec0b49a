# proves: periods under 200us match nothing (tick-199us, profile-5001) while 200us is fine
"$UDTRACE" -n 'tick-199us'
echo "status $?"
"$UDTRACE" -n 'profile-5001'
echo "status $?"
"$UDTRACE" -q -n 'tick-200us { exit(0); }'
echo "status $?"
