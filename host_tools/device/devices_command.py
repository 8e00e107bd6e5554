"""`companion devices` lists boards; `companion pull-log` copies the game logs to the PC."""

import sys
from pathlib import Path

from mpremote.transport import TransportError

from .connection import DeviceError, boards, connect, disconnect

# The firmware's log folder: companion/store.py Store(root="/games").
GAMES_DIR = "/games"


def register(sub):
    p = sub.add_parser("devices", help="list the MicroPython boards connected to this machine")
    p.set_defaults(func=run_devices)

    p = sub.add_parser("pull-log", help="copy the board's game logs (%s/*.jsonl) to the PC" % GAMES_DIR)
    p.add_argument("--port", help="serial port of the board (default: the only one connected)")
    p.add_argument("--to", default="device-logs", help="folder to copy them into (default: %(default)s)")
    p.set_defaults(func=run_pull_log)


def run_devices(args):
    found = boards()
    for port, description in found:
        print(description)
    if not found:
        print("no device found: connect the board with a USB data cable; it must run MicroPython "
              "(docs/flashing.md)", file=sys.stderr)
    return 0


def pull_logs(port, dest):
    """Copy every .jsonl in GAMES_DIR on the board to dest; returns the local paths."""
    dest = Path(dest)
    transport = connect(port, soft_reset=False)
    try:
        try:
            names = sorted(e.name for e in transport.fs_listdir(GAMES_DIR) if e.name.endswith(".jsonl"))
        except OSError:
            names = []
        dest.mkdir(parents=True, exist_ok=True)
        copied = []
        for name in names:
            target = dest / name
            target.write_bytes(bytes(transport.fs_readfile(GAMES_DIR + "/" + name)))
            copied.append(target)
        return copied
    except (TransportError, OSError) as e:
        raise DeviceError("lost contact with the board while reading its logs (%s): replug it and retry" % e) from None
    finally:
        disconnect(transport)


def run_pull_log(args):
    try:
        copied = pull_logs(args.port, args.to)
    except DeviceError as e:
        print("companion pull-log: %s" % e, file=sys.stderr)
        return 1
    if not copied:
        print("no game logs on the board yet (%s is empty)" % GAMES_DIR, file=sys.stderr)
        return 0
    for path in copied:
        print(path)
    print("copied %d log%s; replay one with: companion replay %s"
          % (len(copied), "" if len(copied) == 1 else "s", copied[-1]), file=sys.stderr)
    return 0
