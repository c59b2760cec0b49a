/* proves: probefunc takes the attributes of the function field of the provider matched: profile's is Private/Private/Unknown */
/* args: -q -v */
profile:::tick-1ms { trace(probefunc == ""); exit(0); }
