"""`companion layout check|draw`: validate a board layout, draw its wiring guide."""

import json
import sys
from pathlib import Path

from companion import layout_check

from ..draw import board as draw
from ..paths import LAYOUTS

PROFILES = LAYOUTS / "profiles"


def register(sub):
    p = sub.add_parser("layout", help="check a board layout or draw its wiring guide")
    cmds = p.add_subparsers(dest="layout_command", required=True)
    c = cmds.add_parser("check", help="explain every problem of a layout (exit 1), or summarise it (exit 0)")
    c.add_argument("file", help="a layout file (or a name in board_layouts/)")
    c.add_argument("profile", nargs="?",
                   help="a hardware profile file, or a name in board_layouts/profiles/ (e.g. pico)")
    c.set_defaults(func=run_check)
    d = cmds.add_parser("draw", help="draw the board with names, connections, LED indices and button codes")
    d.add_argument("file", help="a layout file (or a name in board_layouts/)")
    d.add_argument("-o", "--output", required=True, help="the picture to write: .svg, or .png")
    d.set_defaults(func=run_draw)


class Unreadable(Exception):
    """A file that is missing or not JSON; the message says where."""


def load_json(path):
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise Unreadable("%s: cannot read: %s" % (path, e.strerror))
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise Unreadable("%s: line %d, column %d: invalid JSON: %s \u2014 look for a missing comma, "
                         "quote or bracket at or just before that point" % (path, e.lineno, e.colno, e.msg))


def resolve(name, folder):
    """A file path as given, or a bare name looked up as folder/NAME.json."""
    path = Path(name)
    if not (path.suffix == ".json" or path.exists() or "/" in name):
        path = folder / (name + ".json")
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            pass
    return path


def format_problems(path, problems):
    return ["%s: %s: %s \u2014 %s" % (path, entry, problem, hint) for entry, problem, hint in problems]


def run_check(args):
    path = resolve(args.file, LAYOUTS)
    try:
        layout = load_json(path)
        profile = None
        ppath = None
        if args.profile:
            ppath = resolve(args.profile, PROFILES)
            profile = load_json(ppath)
    except Unreadable as e:
        print(e, file=sys.stderr)
        return 1
    lines = []
    if profile is not None:
        lines += format_problems(ppath, layout_check.check_profile(profile))
    lines += format_problems(path, layout_check.check(layout, profile))
    if lines:
        for line in lines:
            print(line)
        print("%d problem%s" % (len(lines), "" if len(lines) == 1 else "s"), file=sys.stderr)
        return 1
    fits = ""
    if profile is not None:
        n, wiring = layout_check.button_capacity(profile)
        fits = "; buttons fit %s (%s, codes 0..%d)" % (ppath.stem, wiring, n - 1)
    print("%s: ok \u2014 %s%s" % (path, layout_check.summary(layout), fits))
    return 0


def run_draw(args):
    path = resolve(args.file, LAYOUTS)
    try:
        layout = load_json(path)
    except Unreadable as e:
        print(e, file=sys.stderr)
        return 1
    problems = layout_check.check(layout)
    if problems:
        for line in format_problems(path, problems):
            print(line, file=sys.stderr)
        print("fix these problems first: `companion layout check %s` lists them" % path, file=sys.stderr)
        return 1
    try:
        draw.write(draw.layout_svg(layout), args.output)
    except draw.DrawError as e:
        print("companion layout draw: %s" % e, file=sys.stderr)
        return 1
    print("%s: drew %s (%s)" % (path, args.output, layout_check.summary(layout)))
    return 0
