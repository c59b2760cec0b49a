# proves: in JSON mode a committed speculation's records print as the ordinary probe object of the firing that recorded them (a discarded one prints nothing), tick-N firings are probe objects of provider profile, and exit(n) ends the stream with {"type": "exit", "status": n} while udtrace exits n
tmp=$(mktemp -d) || exit 1
cat > "$tmp/s.d" <<'D'
tick-10ms /++n == 1/ { s = speculation(); speculate(s); printf("kept %d\n", n); }
tick-10ms /n == 1/ { commit(s); }
tick-10ms /n == 2/ { d = speculation(); speculate(d); printf("dropped\n"); }
tick-10ms /n == 2/ { discard(d); }
tick-10ms /n == 3/ { trace(n); exit(4); }
D
"$UDTRACE" -x oformat=json -o "$tmp/out" -s "$tmp/s.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py -m id "$tmp/out"
rm -rf "$tmp"
