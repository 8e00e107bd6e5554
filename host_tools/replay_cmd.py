"""`companion replay LOG`: the state a game log leads to, as JSON."""

import json
import sys

from companion.core.log import LogError, replay

from .paths import load_layout


def register(sub):
    p = sub.add_parser("replay", help="replay a game log and print the resulting state as JSON")
    p.add_argument("log", help="a game log (JSON lines: header, then one event per line)")
    p.add_argument("--trace", action="store_true", help="print the state after every event")
    p.set_defaults(func=run)


def run(args):
    try:
        with open(args.log) as f:
            lines = f.read().split("\n")
    except OSError as e:
        print("companion replay: cannot read %s: %s" % (args.log, e.strerror), file=sys.stderr)
        return 2
    out = []
    each = (lambda game, event: out.append(game.state())) if args.trace else None
    try:
        game = replay(lines, load_layout, each)
    except LogError as e:
        print("%s: %s" % (args.log, e), file=sys.stderr)
        return 2
    if not args.trace:
        out.append(game.state())
    for state in out:
        print(json.dumps(state))
    return 0
