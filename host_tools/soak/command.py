"""`companion remote-soak`: the broker measured (docs/remote.md, "The broker measured").

Many remote Kahuna games at once through one real Mosquitto, configured as
`companion broker` configures it (broker.write_config: its ACL, passwords,
client ids, persistence, limits), on a free port of 127.0.0.1. The seats are
host-side boards that speak the firmware's own protocol (boards.py: its remote
code under CPython, a paho-mqtt client per seat, thousands in one process), in
WORKERS processes. Every game plays the first MOVES rules events of
tests/logs/kahuna_full_game.jsonl, each seat thinking THINK ms before its move.

Printed per count of games: the connections held, the moves, every game
finished with both logs identical, lost and doubled lines, the latency from a
move's logging on its board to its apply on the other board (p50, p99), and
what the run used: the broker's CPU (of one core: Mosquitto is single-threaded),
each client process's, the whole machine's and the broker's file descriptors,
so the limit is named from measurements, not guessed (limit()).
"""

import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.core import log

from .. import broker
from ..argtypes import MAX_GAMES, games, whole_in
from ..files import file_problem
from ..paths import LAYOUTS, ROOT
from . import boards
from .machine import Machine, Process

GAME = ROOT / "tests" / "logs" / "kahuna_full_game.jsonl"
RULES = ("took_off", "put_on", "tidy")
TARGET_P99_MS = 500  # a move shows on the other board within half a second (a person notices more)
BUSY = 85  # % of a core (or of the machine) from which a part counts as the limit
FD_SHARE = 0.9  # of the file descriptor limit


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


def fd_limit():
    """Raise this process's soft limit on open files to the hard one (the broker and the
    workers inherit it: each connection is a descriptor on both sides); returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def soak(n, folder, moves=40, think_ms=200, seconds=120, workers=2, seed=1):
    """Play n games at once through a fresh broker in folder; returns the figures (a dict)."""
    folder = Path(folder)
    limit = fd_limit()
    port = broker.free_port()
    codes = ["S%05d" % k for k in range(n)]
    conf = broker.write_config(folder, port, None, codes)
    creds = json.loads((folder / "games.json").read_text())
    header, events = script()
    plan = [(ev["by"], json.dumps(ev)) for ev in events[:moves]]
    connect_s = 30 + n / 50
    begun = time.monotonic()
    # as broker.start, with a wait that grows with the games: Mosquitto reads every user's
    # password and ACL before it listens, in a time that grows faster than the square of
    # the games (docs/remote.md)
    proc = subprocess.Popen([broker.mosquitto(), "-c", str(conf)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        broker.wait_port(port, proc, timeout=10 + n * n / 200000)
    except BaseException:
        proc.kill()  # (a broker that never listened is not left behind)
        proc.wait(5)
        raise
    start_s = time.monotonic() - begun
    mosq = Process(proc.pid)
    ctx = multiprocessing.get_context("fork")  # (the workers need nothing re-imported)
    pipes, procs = [], []
    try:
        for w in range(workers):
            mine = [(c, creds[c]) for c in codes[w::workers]]
            spec = {"host": "127.0.0.1", "port": port, "games": mine, "header": header, "moves": plan,
                    "think_ms": think_ms, "connect_s": connect_s, "seed": seed + w}
            here, there = ctx.Pipe()
            p = ctx.Process(target=boards.run, args=(there, spec), daemon=True)
            p.start()
            pipes.append(here)
            procs.append(p)
        ready = [_answer(c, "ready", connect_s + 30, mosq) for c in pipes]
        held = mosq.sample()
        machine, cpu0, wait0 = Machine(), mosq.cpu_s(), mosq.wait_s()
        for c in pipes:
            c.send(("go", seconds))
        done = [_answer(c, "done", seconds + 60, mosq) for c in pipes]
        broker_cpu, broker_wait = mosq.cpu_s() - cpu0, mosq.wait_s() - wait0
        busy = machine.busy()
    finally:
        for p in procs:
            p.kill()
        proc.kill()
        proc.wait(5)
    wall = max(d["seconds"] for d in done)
    lat = sorted(x for d in done for x in d["latency"])
    r = {"games": n, "moves_per_game": len(plan), "think_ms": think_ms, "workers": workers,
         "connections": sum(x["connected"] for x in ready), "boards": sum(x["boards"] for x in ready),
         "broker_start_s": round(start_s, 2), "connect_s": round(max(x["connect_s"] for x in ready), 2),
         "refusals": sorted({why for x in ready for why in x["refusals"]}),
         "broker_fds": max(held["fds"], mosq.peak["fds"]), "fd_limit": limit,
         "broker_rss_mb": round(max(held["rss_kb"], mosq.peak["rss_kb"]) / 1024, 1)}
    for key in ("finished", "identical", "moves", "lost", "doubled", "refused", "diverged", "drops"):
        r[key] = sum(d[key] for d in done)
    r.update({"p50_ms": _pick(lat, 0.5), "p99_ms": _pick(lat, 0.99), "max_ms": _pick(lat, 1.0),
              "seconds": round(wall, 2), "moves_per_s": round(r["moves"] / wall, 1) if wall else 0,
              "broker_cpu_pct": _pct(broker_cpu, wall), "broker_wait_pct": _pct(broker_wait, wall),
              "client_cpu_pct": max(_pct(d["cpu_s"], d["seconds"]) for d in done),
              "client_wait_pct": max(_pct(d["wait_s"], d["seconds"]) for d in done),
              "machine_busy_pct": round(busy, 1), "cores": os.cpu_count()})
    moves = r["moves"] or 1
    r["broker_us_per_move"] = round(1e6 * broker_cpu / moves, 1)
    r["client_us_per_move"] = round(1e6 * sum(d["cpu_s"] for d in done) / moves, 1)
    ours = 100 * (broker_cpu + sum(d["cpu_s"] for d in done)) / wall if wall else 0
    r["others_cpu_pct"] = round(max(0.0, busy * r["cores"] - ours), 1)
    r["limit"] = limit_of(r)
    return r


def _answer(conn, kind, timeout, mosq):
    """A worker's next message (of that kind), sampling the broker while waiting."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if conn.poll(0.5):
            got, figures = conn.recv()
            if got != kind:
                raise RuntimeError("a soak worker said %r, not %r" % (got, kind))
            return figures
        mosq.sample()
    raise RuntimeError("a soak worker said nothing for %d s: the machine is too busy or a worker hung" % timeout)


def _pct(part, whole):
    return round(100 * part / whole, 1) if whole else 0.0


def _pick(lat, q):
    return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1) if lat else -1


def limit_of(r):
    """What held the run back, from what it measured (None: nothing near its limit)."""
    why = []
    if r["connections"] < r["boards"]:
        why.append("connections: %d of %d boards connected (%s)" % (
            r["connections"], r["boards"], "; ".join(r["refusals"]) or "no answer in time"))
    if r["broker_fds"] >= FD_SHARE * r["fd_limit"]:
        why.append("file descriptors: the broker holds %d of %d" % (r["broker_fds"], r["fd_limit"]))
    for part, name in (("broker", "the broker's CPU (Mosquitto runs on one core)"),
                       ("client", "the clients' CPU (the busiest client process)")):
        cpu, wait = r[part + "_cpu_pct"], r[part + "_wait_pct"]
        if cpu >= BUSY:
            why.append("%s: %.0f%% of a core" % (name, cpu))
        elif cpu + wait >= BUSY:
            why.append("the machine's cores: the %s ran %.0f%% of the time and waited for a core %.0f%% "
                       "(other processes used %.0f%% of a core)" % (part, cpu, wait, r["others_cpu_pct"]))
    return "; ".join(why) or None


def held(r):
    """The run carried its games: all finished with identical logs, nothing lost or
    doubled, p99 within the target."""
    return r["identical"] == r["games"] and not r["lost"] and not r["doubled"] and r["p99_ms"] <= TARGET_P99_MS


ROWS = [("connections", "connections held (2 seats a game)", "", None),
        ("broker_fds", "broker's file descriptors (peak)", "", None),
        ("broker_rss_mb", "broker's memory (peak RSS)", "MB", None),
        ("broker_start_s", "broker listening after (its users read)", "s", None),
        ("connect_s", "all connected and subscribed in", "s", None),
        ("moves", "moves made", "", None),
        ("moves_per_s", "moves a second (all games)", "/s", None),
        ("identical", "games finished, logs identical", "", "games"),
        ("lost", "log lines lost", "", 0),
        ("doubled", "log lines applied twice", "", 0),
        ("p50_ms", "move to the other board: p50", "ms", None),
        ("p99_ms", "move to the other board: p99", "ms", TARGET_P99_MS),
        ("broker_cpu_pct", "broker's CPU (% of its one core)", "%", None),
        ("broker_wait_pct", "broker ready but waiting for a core", "%", None),
        ("client_cpu_pct", "client process CPU (% of a core, busiest)", "%", None),
        ("client_wait_pct", "client process waiting for a core (most)", "%", None),
        ("broker_us_per_move", "broker's CPU per move", "us", None),
        ("client_us_per_move", "clients' CPU per move (both seats)", "us", None),
        ("machine_busy_pct", "machine busy (all cores, everyone's work)", "%", None),
        ("others_cpu_pct", "other processes' CPU (% of one core)", "%", None)]


def table(r):
    out = ["%d games, %d moves each, %d ms to think, %d client processes; %.1f s" % (
        r["games"], r["moves_per_game"], r["think_ms"], r["workers"], r["seconds"])]
    for key, label, unit, target in ROWS:
        v = r[key]
        verdict = ""
        if target is not None:
            want = r[target] if isinstance(target, str) else target
            ok = v == want if isinstance(target, str) or target == 0 else v <= want
            verdict = "%s %s  %s" % ("=" if isinstance(target, str) or target == 0 else "<=", want,
                                     "ok" if ok else "OVER")
        out.append("  %-44s %12s %-3s %s" % (label, "{:,}".format(v) if isinstance(v, int) else v, unit, verdict))
    if held(r):
        out.append("  near its limit: %s" % (r["limit"] or "nothing"))
    else:
        out.append("  limit: %s" % (r["limit"] or "no part measured at its limit, yet over the target"))
    return "\n".join(out)


def register(sub):
    p = sub.add_parser("remote-soak", help="many remote games at once through one local Mosquitto: the broker measured")
    p.add_argument("--games", type=games, nargs="+", default=[100],
                   help="how many games at once (1 to %d); several counts: a run each, to find the knee" % MAX_GAMES)
    p.add_argument("--moves", type=_moves, default=40,
                   help="moves per game (1 to 97, of the recorded game; default 40)")
    p.add_argument("--think", type=_ms, default=200, help="ms a seat waits before its move (default 200)")
    p.add_argument("--seconds", type=_seconds, default=120, help="each run's play stops after this (default 120)")
    p.add_argument("--workers", type=_workers, default=2, help="client processes (default 2)")
    p.add_argument("--json", help="also write the figures here")
    p.set_defaults(func=run)


_moves = whole_in("a number of moves", 1, 97)
_ms = whole_in("a time in ms", 0, 60000)
_seconds = whole_in("a time in seconds", 1, 3600)
_workers = whole_in("a number of client processes", 1, 64)


def run(args):
    problem = file_problem(args.json, "file for the figures") if args.json is not None else None
    if problem:
        print("companion remote-soak: --json %s" % problem, file=sys.stderr)
        return 2
    runs = []
    print("companion remote-soak: one Mosquitto (%s) on 127.0.0.1, %d cores; targets: every game finished "
          "with identical logs, p99 <= %d ms" % (broker.mosquitto(), os.cpu_count(), TARGET_P99_MS))
    for n in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            r = soak(n, tmp, moves=args.moves, think_ms=args.think, seconds=args.seconds, workers=args.workers)
        runs.append(r)
        print()
        print(table(r))
        sys.stdout.flush()
    carried = [r["games"] for r in runs if held(r)]
    knee = max(carried) if carried else None
    if len(runs) > 1:
        past = [r for r in runs if not held(r)]
        print("\nknee: %s%s" % ("%d games held" % knee if knee else "no run held its games",
                                "; past it: %s" % (past[0]["limit"] or "latency over target, no part saturated")
                                if past else "; every run held"))
    if args.json:
        try:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps({"runs": runs, "knee": knee}, indent=1) + "\n")
        except OSError as e:
            print("companion remote-soak: --json %s: cannot write the figures (%s): give another file"
                  % (args.json, e.strerror or e), file=sys.stderr)
            return 2
    return 0 if all(r["identical"] == r["games"] and not r["lost"] and not r["doubled"] for r in runs) else 1
