"""`companion replay LOG`: the state a game log leads to, as JSON."""

import json
import shutil
import sys
import tempfile

from companion.core.log import LogError, replay, split

from ..draw import board as draw
from ..files import InputError
from ..log_folder import read_log
from ..paths import load_layout
from ..progress import Progress
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
    layouts = []

    def load(name):
        layouts.append(load_layout(name))
        return layouts[-1]

    # A long log (the size limit of files.py allows millions of events) is
    # replayed in time linear in it, saying how far it got every 2 s; the
    # trace goes to a temporary file, not the heap, and is printed once the
    # whole log is known to be good (a bad line: its message only, as ever).
    n = total if args.at is None else args.at
    progress = Progress("%s: replaying" % args.log, n)
    done = [0]
    with tempfile.TemporaryFile("w+") as trace:
        def each(game, event):
            done[0] += 1
            if args.trace:
                trace.write(json.dumps(game.state()) + "\n")
            if not done[0] & 1023:
                progress.step(done[0])

        try:
            game = replay(lines, load, each)
        except LogError as e:
            print("%s: %s" % (args.log, e), file=sys.stderr)
            return 2
        progress.done()
        if not args.trace:
            trace.write(json.dumps(game.state()) + "\n")
        if args.output:
            caption = "after event %d of %d" % (n, total)
            try:
                draw.write(draw.game_svg(layouts[-1], game, caption), args.output)
            except (draw.DrawError, OSError) as e:
                print("companion replay: %s" % e, file=sys.stderr)
                return 2
        trace.seek(0)
        shutil.copyfileobj(trace, sys.stdout)
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
