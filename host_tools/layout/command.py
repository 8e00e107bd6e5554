"""`companion layout check|draw`: validate a board layout, draw its wiring guide."""

import json
import sys

from companion.layout import check as layout_check
from companion.layout import sensing

from ..draw import board as draw
from ..draw.problems import broken_layout_svg
from ..files import LAYOUT_LIMIT, InputError, read_text
from ..paths import LAYOUTS, PROFILES, resolve


def register(sub):
    p = sub.add_parser("layout", help="check a board layout or draw its wiring guide")
    cmds = p.add_subparsers(dest="layout_command", required=True)
    c = cmds.add_parser("check", help="explain every problem of a layout (exit 2), or summarise it (exit 0)")
    c.add_argument("file", help="a layout file (or a name in board_layouts/)")
    c.add_argument("profile", nargs="?",
                   help="a hardware profile file, or a name in board_layouts/profiles/ (e.g. pico)")
    c.set_defaults(func=run_check)
    d = cmds.add_parser("draw", help="draw the board with names, connections, LED indices and button codes")
    d.add_argument("file", help="a layout file (or a name in board_layouts/)")
    d.add_argument("-o", "--output", required=True, help="the picture to write: .svg, or .png; a layout with "
                   "problems is drawn with them marked (and the command exits 2)")
    d.set_defaults(func=run_draw)


class Unreadable(Exception):
    """A file that cannot be read (status 2) or is not JSON (drawn as a problem); the message says where."""

    def __init__(self, message, status):
        Exception.__init__(self, message)
        self.status = status  # 2: nothing to draw; 1: not JSON, drawn as a problem (the command exits 2)


def load_json(path, what="layout"):
    try:
        text = read_text(path, what, LAYOUT_LIMIT)
    except InputError as e:
        raise Unreadable(str(e), 2)
    if not text.strip():
        raise Unreadable("%s: the %s file is empty: it must hold one {...} object" % (path, what), 1)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise Unreadable("%s: line %d, column %d: invalid JSON: %s \u2014 look for a missing comma, "
                         "quote or bracket at or just before that point" % (path, e.lineno, e.colno, e.msg), 1)
    except RecursionError:
        raise Unreadable("%s: invalid JSON: nested too deeply to be a %s" % (path, what), 1)
    except ValueError:  # CPython's limit on digits: no value of a layout or profile is that long
        raise Unreadable("%s: a number of more than 4300 digits: no %s value is that large" % (path, what), 1)


def format_problems(path, problems):
    return ["%s: %s: %s \u2014 %s" % (path, entry, problem, hint) for entry, problem, hint in problems]


def summary(layout):
    """The checker's counts, and a sensing board's sensed elements."""
    sensed = sensing.sensed_count(layout)
    more = ", %d sensed (%d sensor bits)" % (sensed, sensing.sensor_bit_count(layout)) if sensed else ""
    return layout_check.summary(layout) + more


def run_check(args):
    path = resolve(args.file, LAYOUTS)
    try:
        layout = load_json(path)
        profile = None
        ppath = None
        if args.profile:
            ppath = resolve(args.profile, PROFILES)
            profile = load_json(ppath, "hardware profile")
    except Unreadable as e:
        print(e, file=sys.stderr)
        return 2
    lines = []
    if profile is not None:
        lines += format_problems(ppath, layout_check.check_profile(profile))
    lines += format_problems(path, layout_check.check(layout, profile))
    if lines:
        for line in lines:
            print(line)
        print("%d problem%s" % (len(lines), "" if len(lines) == 1 else "s"), file=sys.stderr)
        return 2
    fits = ""
    if profile is not None:
        n, wiring = layout_check.button_capacity(profile)
        fits = "; buttons fit %s (%s, codes 0..%d)" % (ppath.stem, wiring, n - 1)
        bits = sensing.sensor_bits(profile)
        if bits and sensing.sensed_count(layout):
            fits += "; sensors fit (%d 74HC165s, bits 0..%d)" % (bits // 8, bits - 1)
        elif bits:
            fits += "; the layout names no sensor bits: this board plays by its buttons"
    print("%s: ok \u2014 %s%s" % (path, summary(layout), fits))
    return 0


def run_draw(args):
    path = resolve(args.file, LAYOUTS)
    try:
        layout = load_json(path)
    except Unreadable as e:
        if e.status == 2:
            print(e, file=sys.stderr)
            return 2
        layout, problems = None, [("file", str(e).split(": ", 1)[-1], "fix the JSON first")]
    else:
        problems = layout_check.check(layout)
    try:
        svg = broken_layout_svg(layout, problems) if problems else draw.layout_svg(layout)
        draw.write(svg, args.output)
    except draw.DrawError as e:  # the picture, not the layout: status 2 as for any file problem
        print("companion layout draw: %s" % e, file=sys.stderr)
        return 2
    if problems:
        for line in format_problems(path, problems):
            print(line, file=sys.stderr)
        print("%s: drew %s with %d problem%s marked in red; fix them (`companion layout check %s` explains "
              "each), then draw it again" % (path, args.output, len(problems), "" if len(problems) == 1 else "s",
                                              path), file=sys.stderr)
        return 2
    print("%s: drew %s (%s)" % (path, args.output, summary(layout)))
    return 0
