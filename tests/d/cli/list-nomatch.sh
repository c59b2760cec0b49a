# proves: -l reports a description that matches nothing and goes on; the status stays 0
"$UDTRACE" -l -n :::nosuch -n dtrace:::END
