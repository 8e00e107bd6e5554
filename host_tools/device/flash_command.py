"""`companion flash` (make flash / make deploy) and `companion repl` (make repl)."""

import os
import shutil
import sys
from pathlib import Path

from ..files import InputError
from .connection import DeviceError, check_free, choose_port
from .flash import flash


def register(sub):
    p = sub.add_parser("flash", help="compile the firmware and copy it to a MicroPython board, verified")
    p.add_argument("--port", help="serial port of the board (default: the only one connected)")
    p.add_argument("--layout", default="kahuna",
                   help="board layout: a name in board_layouts/ or a path to a layout file (default: %(default)s)")
    p.add_argument("--profile", default="pico",
                   help="hardware profile: a name in board_layouts/profiles/ or a path (default: %(default)s)")
    p.add_argument("--changed", action="store_true", help="copy only files that differ from the board's")
    p.add_argument("--source", action="store_true", help="copy .py sources instead of compiled .mpy files")
    p.add_argument("--no-modules", dest="modules", action="store_false",
                   help="skip the companion package (it is frozen into the board's MicroPython: firmware/manifest.py)")
    p.add_argument("--no-reset", dest="reset", action="store_false", help="leave the board in the REPL")
    p.add_argument("--remote", metavar="FILE", help="remote play: the seat's settings `companion broker` wrote "
                   "(DIR/CODE-SEAT.json, may add \"wifi\": {\"ssid\", \"password\"}) go into /config.json")
    p.set_defaults(func=run_flash)

    p = sub.add_parser("repl", help="open the board's MicroPython REPL (mpremote; Ctrl-] leaves)")
    p.add_argument("--port", help="serial port of the board (default: the only one connected)")
    p.set_defaults(func=run_repl)


def run_flash(args):
    try:
        flash(args.port, args.layout, args.profile, args.changed, args.source, args.reset, args.modules,
              remote=args.remote)
    except InputError as e:
        print("companion flash: %s" % e, file=sys.stderr)
        return 2
    except DeviceError as e:
        print("companion flash: %s" % e, file=sys.stderr)
        return 1
    return 0


def run_repl(args):
    try:
        port = choose_port(args.port)
        check_free(port)
    except DeviceError as e:
        print("companion repl: %s" % e, file=sys.stderr)
        return 1
    exe = Path(sys.executable).parent / "mpremote"
    mpremote = str(exe) if exe.exists() else shutil.which("mpremote") or "mpremote"
    os.execv(mpremote, [mpremote, "connect", port, "repl"])
