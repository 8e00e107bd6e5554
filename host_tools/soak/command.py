"""`companion remote-soak`: many remote games at once through one local Mosquitto
(docs/remote.md, "Soak"): every game plays the whole of tests/logs/kahuna_full_game.jsonl
between two headless boards in one native MicroPython process; prints lost and
doubled events and the latency from an event's logging to the other board's apply."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from companion.core import log

from .. import broker, vendor
from ..argtypes import MAX_GAMES, games
from ..files import file_problem
from ..micropython import native_binary
from ..paths import LAYOUTS, ROOT

GAME = ROOT / "tests" / "logs" / "kahuna_full_game.jsonl"
RULES = ("took_off", "put_on", "tidy")


def script():
    """The header and the rules events of the full game, each with the seat that made it."""
    lines = GAME.read_text().splitlines()
    game = log.replay(lines[:1], lambda name: json.loads((LAYOUTS / (name + ".json")).read_text()))
    out = []
    for text in lines[1:]:
        ev = json.loads(text)
        if ev["op"] in RULES:
            continue
        ev["by"] = game.players[game.active()]
        game.apply(ev)
        out.append(ev)
    return json.loads(lines[0]), out


def soak(games, folder, seconds=120):
    folder = Path(folder)
    port = broker.free_port()
    codes = ["S%03d" % k for k in range(games)]
    conf = broker.write_config(folder, port, None, codes)
    creds = json.loads((folder / "games.json").read_text())
    header, events = script()
    cfg = {"port": port, "layout": str(LAYOUTS / "kahuna.json"), "header": header, "script": events,
           "seconds": seconds,
           "games": [{"code": c, "white": ["%s-white" % c, creds[c]["white"]],
                      "black": ["%s-black" % c, creds[c]["black"]]} for c in codes]}
    path = folder / "soak.json"
    path.write_text(json.dumps(cfg))
    proc = broker.start(conf, port)
    try:
        env = dict(os.environ, MICROPYPATH="%s:%s" % (ROOT / "firmware", vendor.umqtt()))
        out = subprocess.run([native_binary(), "-X", "heapsize=256M", str(Path(__file__).parent / "games.py"),
                              str(path)], capture_output=True, text=True, env=env, timeout=seconds + 60)
    finally:
        proc.kill()
        proc.wait(5)
    lines = [x for x in out.stdout.splitlines() if x.startswith("{")]
    if out.returncode or not lines:
        raise RuntimeError("the soak failed (exit %d): %s%s" % (out.returncode, out.stdout[-1500:], out.stderr[-1500:]))
    return json.loads(lines[-1])


def register(sub):
    p = sub.add_parser("remote-soak", help="many remote games at once through a local Mosquitto")
    p.add_argument("--games", type=games, default=200, help="how many games (1 to %d; default 200)" % MAX_GAMES)
    p.add_argument("--json", help="also write the figures here")
    p.set_defaults(func=run)


def run(args):
    problem = file_problem(args.json, "file for the figures") if args.json is not None else None
    if problem:
        print("companion remote-soak: --json %s" % problem, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        r = soak(args.games, tmp)
    print("remote soak: %(games)d games, %(events)d events: %(identical)d logs identical, %(lost)d lost, "
          "%(doubled)d doubled; latency p50 %(p50_ms).1f ms, p99 %(p99_ms).1f ms; %(seconds).1f s" % r)
    if args.json:
        try:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(r, indent=1) + "\n")
        except OSError as e:
            print("companion remote-soak: --json %s: cannot write the figures (%s): give another file"
                  % (args.json, e.strerror or e), file=sys.stderr)
            return 2
    return 0 if r["lost"] == 0 and r["doubled"] == 0 and r["identical"] == r["games"] else 1
