"""`companion replay LOG`: the state a game log leads to, as JSON."""

import json
import sys

from companion.core.log import LogError, replay

from ..draw import board as draw
from ..paths import load_layout
from .views import print_view


def register(sub):
    p = sub.add_parser("replay", help="replay a game log and print the resulting state as JSON")
    p.add_argument("log", help="a game log (JSON lines: header, then one event per line)")
    p.add_argument("--trace", action="store_true", help="print the state after every event")
    p.add_argument("--svg", metavar="OUT", help="also draw the board and a game summary to OUT (.svg or .png)")
    p.add_argument("--at", type=int, metavar="N", help="stop after event N (0: before the first; default: the end)")
    p.add_argument("--view", metavar="PLAYER", help="Duell: print the log as PLAYER (bison or wolf) sees it, "
                   "without the other player's hidden values (docs/duell.md)")
    p.set_defaults(func=run)


def run(args):
    try:
        with open(args.log, "rb") as f:  # bytes, split as the board splits them: the same lines
            lines = f.read().split(b"\n")
    except OSError as e:
        print("companion replay: cannot read %s: %s" % (args.log, e.strerror), file=sys.stderr)
        return 2
    total = count_events(lines)
    if args.at is not None:
        if not 0 <= args.at <= total:
            print("%s: --at %d: the log has events 1..%d" % (args.log, args.at, total), file=sys.stderr)
            return 2
        lines = first_events(lines, args.at)
    if args.view:
        return print_view(args.log, lines, args.view)
    out = []
    layouts = []

    def load(name):
        layouts.append(load_layout(name))
        return layouts[-1]

    each = (lambda game, event: out.append(game.state())) if args.trace else None
    try:
        game = replay(lines, load, each)
    except LogError as e:
        print("%s: %s" % (args.log, e), file=sys.stderr)
        return 2
    if not args.trace:
        out.append(game.state())
    if args.svg:
        n = total if args.at is None else args.at
        caption = "after event %d of %d" % (n, total)
        try:
            draw.write(draw.game_svg(layouts[-1], game, caption), args.svg)
        except (draw.DrawError, OSError) as e:
            print("companion replay: %s" % e, file=sys.stderr)
            return 2
    for state in out:
        print(json.dumps(state))
    return 0


def count_events(lines):
    """Events in a log: its non-blank lines after the header."""
    return max(0, len([t for t in lines if t.strip()]) - 1)


def first_events(lines, n):
    """The log's lines up to and including its n-th event."""
    seen = -1  # the header is not an event
    for i in range(len(lines)):
        if lines[i].strip():
            seen += 1
            if seen == n:
                return lines[:i + 1]
    return lines
