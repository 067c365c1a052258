#!/usr/bin/env python3
"""Whether two JSON documents (or JSON Lines files) say the same, timings aside.

Usage: same-json.py A B
Keys that hold a duration (ms, elapsed_ms and any other ending in _ms) are left out at every
level; everything else must be equal. Exits 0 when they are, 1 with the first difference when not.
"""
import json
import sys


def documents(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k != "ms" and not k.endswith("_ms")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def first_difference(a, b, where="$"):
    if type(a) is not type(b):
        return f"{where}: {json.dumps(a)[:200]} against {json.dumps(b)[:200]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key}: only in {'the first' if key in a else 'the second'}"
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{where}: {len(a)} items against {len(b)}"
        return None
    return None if a == b else f"{where}: {json.dumps(a)[:200]} against {json.dumps(b)[:200]}"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    found = first_difference(untimed(documents(sys.argv[1])), untimed(documents(sys.argv[2])))
    if found:
        print(f"{sys.argv[1]} and {sys.argv[2]} differ at {found}")
        sys.exit(1)


if __name__ == "__main__":
    main()
