# proves: struct, typedef and enum names of the traced program resolve without declarations: sizeof, offsetof, a cast of a copyin() to the struct pointer, and enum constants stay D's
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:handle:entry /args[1] == 20/ { this->r = (struct request *)copyin(arg0, sizeof (struct request)); printf("%d %d %d %d %s\n", this->r->id, sizeof (request_t), offsetof(struct request, next), sizeof (enum color), this->r->name); }' -c "$TARGETS/dwtypes"
echo "status $?"
