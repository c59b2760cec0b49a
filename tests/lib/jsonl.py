#!/usr/bin/env python3
# jsonl.py — reads udtrace's -x oformat=json output and prints it back
# for exact comparison, so a JSON test proves both that every line parses
# and what each value is.
#
# Owns: the strict reading: every line must be exactly one JSON object
# with a string "type" (a blank line or trailing text fails), numbers
# stay exact integers. Must not: accept what a JSON Lines reader would
# not. Invariant: fields named with -m (default: cpu) must be
# non-negative integers and print as "<name>", since their values vary
# from run to run; everything else prints as parsed, keys in their order.
#
# Usage: jsonl.py [-m field]... FILE  (exit 1 and a message on bad input)
import json, sys

def main():
    args = sys.argv[1:]
    masks = {"cpu"}
    while len(args) > 1 and args[0] == "-m":
        masks.add(args[1])
        args = args[2:]
    with open(args[0], "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        sys.exit("jsonl: last line does not end with a newline")
    for n, raw in enumerate(data.split(b"\n")[:-1] if data else [], 1):
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            sys.exit("jsonl: line %d is not JSON: %s: %r" % (n, e, raw[:200]))
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            sys.exit("jsonl: line %d is not an object with a type" % n)
        print(json.dumps(mask(obj, masks), ensure_ascii=False))

def mask(v, masks):
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if k in masks:
                if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                    sys.exit("jsonl: %s is not a non-negative integer: %r" % (k, x))
                out[k] = "<%s>" % k
            else:
                out[k] = mask(x, masks)
        return out
    if isinstance(v, list):
        return [mask(x, masks) for x in v]
    return v

main()
