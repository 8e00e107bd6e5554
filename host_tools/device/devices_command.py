"""`companion devices` lists boards; `companion pull-log` copies the game logs to the PC."""

import sys
from pathlib import Path

from mpremote.transport import TransportError

from companion.store.files import LOG, NOTE

from ..files import folder_problem
from ..log_folder import read_pieces, whole_folder
from .connection import DeviceError, boards, connect, disconnect

# The firmware's log folder: companion/store.py Store(root="/games").
GAMES_DIR = "/games"


def register(sub):
    p = sub.add_parser("devices", help="list the MicroPython boards connected to this machine")
    p.set_defaults(func=run_devices)

    p = sub.add_parser("pull-log", help="copy the board's game logs (%s) to the PC, one JSON-lines file each"
                       % GAMES_DIR)
    p.add_argument("--port", help="serial port of the board (default: the only one connected)")
    p.add_argument("--to", default="device-logs", help="folder to copy them into (default: %(default)s)")
    p.set_defaults(func=run_pull_log)


def run_devices(args):
    """Print one line per board; none found is a failure of the board or the cable, exit status 1
    (docs/flashing.md, "Exit status"), so that a script can test for a board with `companion devices`."""
    found = boards()
    for port, description in found:
        print(description)
    if not found:
        print("companion devices: no device found: connect the board with a USB data cable (charge-only "
              "cables show nothing) and check it runs MicroPython (docs/flashing.md)", file=sys.stderr)
        return 1
    return 0


def pull_logs(port, dest):
    """Copy every game log in GAMES_DIR on the board to dest, each as one
    JSON-lines file: the running game as current.jsonl, archived ones as
    game-NNNN.jsonl (with game-NNNN.note.txt beside an archived damaged log:
    docs/firmware.md, "When the log is damaged"); a running game the board
    finds damaged as the lines it keeps, with current.damaged.jsonl (the whole
    folder) and current.note.txt beside it (host_tools/log_folder.py).
    Returns the local paths."""
    dest = Path(dest)
    transport = connect(port, soft_reset=False)
    try:
        try:
            entries = sorted(transport.fs_listdir(GAMES_DIR), key=lambda e: e.name)
        except OSError:
            entries = []
        dest.mkdir(parents=True, exist_ok=True)
        copied = []
        for e in entries:
            path = GAMES_DIR + "/" + e.name
            if e.st_mode & 0x4000 and (e.name == LOG or e.name.startswith("game-")):
                # the running game (log/) and each archived one (game-NNNN/) are kept as pieces
                # and raw blocks: joined as the board joins them (host_tools/log_folder.py)
                pieces = [(p.name, None if p.st_mode & 0x4000 else bytes(transport.fs_readfile(path + "/" + p.name)))
                          for p in transport.fs_listdir(path)]
                data, problem = read_pieces(pieces, e.name == LOG)
                if problem is not None:  # the running game as the board keeps it, the whole folder beside it
                    (dest / "current.damaged.jsonl").write_bytes(whole_folder(pieces))
                    (dest / "current.note.txt").write_text(
                        "The board finds: %s. It goes on with lines 1 to %d (current.jsonl) and archives the "
                        "whole folder (current.damaged.jsonl) at its next boot.\n" % (problem, data.count(b"\n")))
                    copied += [dest / "current.damaged.jsonl", dest / "current.note.txt"]
                if not data:
                    continue
                target = dest / ("current.jsonl" if e.name == "log" else e.name + ".jsonl")
                note = [d for n, d in pieces if n == NOTE and d is not None]
                if note:  # a damaged log's archive: what the board made of it
                    (dest / (e.name + ".note.txt")).write_bytes(note[0])
                    copied.append(dest / (e.name + ".note.txt"))
            elif e.name.endswith(".jsonl"):
                data = bytes(transport.fs_readfile(path))
                target = dest / e.name
            else:
                continue
            target.write_bytes(data)
            copied.append(target)
        return copied
    except (TransportError, OSError) as e:
        raise DeviceError("lost contact with the board while reading its logs (%s): replug it and retry" % e) from None
    finally:
        disconnect(transport)


def run_pull_log(args):
    problem = folder_problem(args.to, "folder to copy the logs into")
    if problem:
        print("companion pull-log: --to %s" % problem, file=sys.stderr)
        return 2
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
