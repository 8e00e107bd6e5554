"""`companion replay LOG`: the state a game log leads to, as JSON."""

import json
import sys

from companion.core.log import LogError, replay, split

from ..draw import board as draw
from ..files import InputError
from ..log_folder import read_log
from ..paths import load_layout
from .views import print_view


def register(sub):
    p = sub.add_parser("replay", help="replay a game log and print the resulting state as JSON")
    p.add_argument("log", help="a game log (JSON lines: header, then one event per line), or a board's log "
                   "folder (games/log, games/game-NNNN) copied as it is")
    p.add_argument("--trace", action="store_true", help="print the state after every event")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="also draw the board and a game summary to FILE (.svg or .png, by its extension)")
    p.add_argument("--svg", metavar="FILE", help="deprecated: the same as -o FILE")
    p.add_argument("--at", type=int, metavar="N", help="stop after event N (0: before the first; default: the end)")
    p.add_argument("--view", metavar="PLAYER", help="Duell: print the log as PLAYER (bison or wolf) sees it, "
                   "without the other player's hidden values (docs/duell.md)")
    p.set_defaults(func=run)


def run(args):
    if args.svg:
        print("companion replay: --svg is deprecated, use -o %s (SVG or PNG by the extension)" % args.svg,
              file=sys.stderr)
        if args.output and args.output != args.svg:
            print("companion replay: give one picture: -o FILE (not both -o and --svg)", file=sys.stderr)
            return 2
        args.output = args.svg
    try:
        # bytes, split as the board splits them: the core reads the same lines (and says
        # which one is not UTF-8); what makes the whole file unreadable is said here
        lines, tail = split(read_log(args.log))
    except InputError as e:
        print("companion replay: %s" % e, file=sys.stderr)
        return 2
    if tail.strip():
        print("%s: line %d has no newline at its end (a write cut short?): left out, as the board does"
              % (args.log, len(lines) + 1), file=sys.stderr)
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
    if args.output:
        n = total if args.at is None else args.at
        caption = "after event %d of %d" % (n, total)
        try:
            draw.write(draw.game_svg(layouts[-1], game, caption), args.output)
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
