"""`companion selfplay`: Kahuna with the digital deck, player against player.

Players: "random" (random legal moves and draws), "greedy" (the best
immediate gain in stones, then sticks, card by card; draws the face-up card
that would gain most now, else the pile), "device" (the device opponent,
companion/core/kahuna_ai.py: the very code that runs on the board, at its
strongest level), "device-normal" and "device-easy" (its other levels),
"device-v1" (the first device opponent, kept as it was: device_v1.py) and
"ismcts" (an information-set Monte Carlo tree search of 200 iterations a
decision: ismcts.py). Seats alternate: player a is white in even games,
black in odd ones. Every game is
a log that `companion replay` plays back.
"""

import argparse
import json
import random
import sys
from pathlib import Path

from companion.core.games import new_game
from companion.core.kahuna_ai import EASY, NORMAL, Planner

from ..argtypes import MAX_GAMES, games
from ..files import folder_problem
from ..paths import load_layout
from ..progress import Progress
from . import device_v1, ladder
from .ismcts import ISMCTS
from .ismcts import ITERATIONS as ISMCTS_ITERATIONS
from .reference import ITERATIONS as REFERENCE_ITERATIONS
from .reference import Reference

PLAYERS = ("random", "greedy", "device", "device-normal", "device-easy", "device-v1", "ismcts", "reference")
MAX_ITERATIONS = 20000


def player_name(text):
    """A player's name, the searches with their iterations: "reference:1000", "ismcts:50"."""
    name, _, n = text.partition(":")
    if name not in PLAYERS:
        raise argparse.ArgumentTypeError("%r is no player: choose from %s (the searches take :ITERATIONS, "
                                         "e.g. reference:1000)" % (text, ", ".join(PLAYERS)))
    if n:
        if name not in ("ismcts", "reference"):
            raise argparse.ArgumentTypeError("%r: only ismcts and reference take :ITERATIONS" % text)
        if not n.isdigit() or not 1 <= int(n) <= MAX_ITERATIONS:
            raise argparse.ArgumentTypeError("%r: the iterations are a whole number from 1 to %d"
                                             % (text, MAX_ITERATIONS))
    return text


def first_game(text):
    """--first: a game number of the series, 0 to MAX_GAMES - 1."""
    if not text.isdigit() or int(text) >= MAX_GAMES:
        raise argparse.ArgumentTypeError("%r: the first game is a whole number from 0 to %d" % (text, MAX_GAMES - 1))
    return int(text)


def register(sub):
    p = sub.add_parser("selfplay", help="play Kahuna (digital deck) AI against AI and count the wins")
    p.add_argument("--games", type=games, default=100, help="how many games (1 to %d; default 100)" % MAX_GAMES)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--first", type=first_game, default=0, metavar="K",
                   help="start at game K of the seeded series (default 0): a long match split into "
                        "runs, --first 100 --games 100 after --games 100, plays the same games as one run")
    p.add_argument("--a", default="device", type=player_name, metavar="PLAYER",
                   help="player a: %s (default device)" % ", ".join(PLAYERS))
    p.add_argument("--b", default="greedy", type=player_name, metavar="PLAYER", help="player b (default greedy)")
    p.add_argument("--logs", help="write each game's log to this folder")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    p.add_argument("--ladder", action="store_true",
                   help="a round robin of %s, --games games a pair, rated (Bradley-Terry, Elo scale)"
                   % ", ".join(ladder.LADDER))
    p.add_argument("--around", choices=ladder.LADDER, metavar="PLAYER",
                   help="with --ladder: play only PLAYER's pairs, rated with PLAYER at 0 "
                        "(a star: {} pairs instead of {})".format(len(ladder.LADDER) - 1,
                                                                  len(ladder.pairs(len(ladder.LADDER)))))
    p.add_argument("--jobs", type=int, default=1, choices=range(1, 65), metavar="N",
                   help="with --ladder: play N games at once, in N processes (the same results)")
    p.set_defaults(func=run)


# --- the host players ---------------------------------------------------------------
def moves(g):
    """Every stick the active player may place or remove now (the core's
    legal_events, in its order), a remove with its first pair of cards only."""
    out = []
    removed = None
    for e in g.legal_events():
        op = e["op"]
        if op == "place" or (op == "remove" and e["at"] != removed):
            out.append(e)
            if op == "remove":
                removed = e["at"]
    return out


def gain(g, event):
    p = g.active()
    before = (g.stones(p) - g.stones(1 - p), g.sticks(p) - g.sticks(1 - p))
    g.apply(event)
    after = (g.stones(p) - g.stones(1 - p), g.sticks(p) - g.sticks(1 - p))
    g.take_back()  # a trial: the board image too
    return (after[0] - before[0], after[1] - before[1])


def finish_turn(g, rnd, pick_face):
    """Give back at 5 (or skip), then draw: the face-up card pick_face chooses, or the pile."""
    b = g.board
    p = g.active()
    if g.over():
        return []
    if g.phase() != 1:  # final turns: no draw
        return [{"op": "end_turn"}]
    out = []
    if g.hand_size(p) >= 5:
        if g.may_skip():
            return [{"op": "end_turn"}]
        held = [i for i in range(12) if g.hand(p, i)]
        out.append({"op": "discard", "card": b.island_names[rnd.choice(held)]})
    faces = [g.face(k) for k in range(3) if g.face(k) >= 0]
    i = pick_face(faces)
    if i is None and g.pile_size():
        out.append({"op": "draw", "from": "pile"})
    else:
        out.append({"op": "draw", "card": b.island_names[faces[0] if i is None else i]})
    return out


def random_turn(g, rnd):
    events = []
    while rnd.random() < 0.7 and not g.over():
        m = moves(g)
        if not m:
            break
        e = rnd.choice(m)
        g.apply(e)
        events.append(e)
    if g.over():
        return events
    if g.phase() == 1 and g.may_skip() and rnd.random() < 0.1:
        tail = [{"op": "end_turn"}]
    else:
        tail = finish_turn(g, rnd, lambda faces: rnd.choice(faces) if faces and rnd.random() < 0.5 else None)
    for e in tail:
        g.apply(e)
    return events + tail


def greedy_turn(g, rnd):
    events = []
    while not g.over():
        best, bg = None, (0, 0)
        for e in moves(g):
            v = gain(g, e)
            if v > bg:
                best, bg = e, v
        if best is None:
            break
        g.apply(best)
        events.append(best)
    if g.over():
        return events

    def pick(faces):
        p = g.active()
        b = g.board
        best, bg = None, (0, 0)
        for i in faces:
            for c in b.island_conns[i]:
                if not g.owner(c) and not g.why_not_place(c):
                    before = (g.stones(p) - g.stones(1 - p), g.sticks(p) - g.sticks(1 - p))
                    g.act(g._place, c)
                    after = (g.stones(p) - g.stones(1 - p), g.sticks(p) - g.sticks(1 - p))
                    g.take_back()  # a bare stick: past any sealed draw
                    v = (after[0] - before[0], after[1] - before[1])
                    if v[0] > bg[0]:
                        best, bg = i, v
        return best

    tail = finish_turn(g, rnd, pick)
    for e in tail:
        g.apply(e)
    return events + tail


class Device:
    def __init__(self, planner=Planner):
        self.make = planner
        self.planner = None

    def __call__(self, g, rnd):
        if self.planner is None or self.planner.g is not g:
            self.planner = self.make(g)
        return self.planner.play_turn()


def player(name):
    if name == "random":
        return random_turn
    if name == "greedy":
        return greedy_turn
    if name == "device-v1":
        return Device(device_v1.Planner)
    if name == "device-normal":
        return Device(lambda g: Planner(g, NORMAL))
    if name == "device-easy":
        return Device(lambda g: Planner(g, EASY))
    name, _, n = name.partition(":")
    if name == "ismcts":
        return ISMCTS(int(n or ISMCTS_ITERATIONS))
    if name == "reference":
        return Reference(int(n or REFERENCE_ITERATIONS))
    return Device()


# --- the games ------------------------------------------------------------------------
def play_game(a, b, seed, a_white, max_turns=400):
    """(log lines, winner seat: "a", "b" or "draw") of one game."""
    header = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed,
              "first": "white", "variants": []}
    g = new_game(header, load_layout("kahuna"))
    rnd = random.Random(seed)
    lines = [json.dumps(header)]
    seats = (a, b) if a_white else (b, a)
    for k in (0, 1):
        if hasattr(seats[k], "start"):
            seats[k].start(g, k)
    turns = 0
    while not g.over() and turns < max_turns:
        by = g.active()
        events = seats[by](g, rnd)
        for e in events:
            lines.append(json.dumps(e))
        for k in (0, 1):  # a player that keeps count of what it has seen
            if hasattr(seats[k], "observe"):
                seats[k].observe(g, events, by)
        turns += 1
    if g.todo_open():  # a cascade ended the game: the players tidy the board (docs/rules.md)
        g.apply({"op": "tidy"})
        lines.append(json.dumps({"op": "tidy"}))
    w = g.winner()
    if w is None or w == 2:
        return lines, "draw"
    return lines, "a" if (w == 0) == a_white else "b"


def selfplay(games, seed, a, b, logs=None, first=0):
    """Games first .. first+games-1 of the series `seed` (game k: its own seed, a white when k is even)."""
    pa, pb = player(a), player(b)
    result = {"a": a, "b": b, "games": games, "a_wins": 0, "b_wins": 0, "draws": 0}
    if first:
        result["first"] = first
    if logs:
        Path(logs).mkdir(parents=True, exist_ok=True)
    progress = Progress("selfplay: games", games)
    for k in range(first, first + games):
        progress.step(k - first)
        lines, who = play_game(pa, pb, (seed * 100003 + k) & 0xFFFFFFFF, k % 2 == 0)
        result["a_wins" if who == "a" else ("b_wins" if who == "b" else "draws")] += 1
        if logs:
            (Path(logs) / ("game%04d.jsonl" % k)).write_text("\n".join(lines) + "\n")
    progress.done()
    return result


def ladder_game(a, b, seed, k):
    """Game k of a ladder pair, with fresh players: "a", "b" or "draw"."""
    return play_game(player(a), player(b), (seed * 100003 + k) & 0xFFFFFFFF, k % 2 == 0)[1]


def run_ladder(games, seed, players=ladder.LADDER, jobs=1, around=None):
    """The ladder's result: players, wins[i][j], ratings and their 95 % half-widths.
    around: a player's name, to play only its pairs (ladder.pairs)."""
    n = len(players)
    centre = None if around is None else players.index(around)
    progress = Progress("selfplay --ladder: games", games * len(ladder.pairs(n, centre)))
    wins = ladder.round_robin(players, games, seed, ladder_game, progress, jobs, centre)
    progress.done()
    ratings, half = ladder.bradley_terry(wins, anchor=0 if centre is None else centre)
    return {"players": list(players), "games_a_pair": games, "seed": seed, "around": around, "wins": wins,
            "ratings": [round(r, 1) for r in ratings], "interval95": [round(h, 1) for h in half]}


def run(args):
    if args.ladder:
        r = run_ladder(args.games, args.seed, jobs=args.jobs, around=args.around)
        if args.json:
            print(json.dumps(r))
        else:
            print("\n".join(ladder.table(r["players"], r["wins"], r["ratings"], r["interval95"])))
        return 0
    problem = folder_problem(args.logs, "folder for the logs") if args.logs is not None else None
    if problem:
        print("companion selfplay: --logs %s" % problem, file=sys.stderr)
        return 2
    try:
        r = selfplay(args.games, args.seed, args.a, args.b, args.logs, args.first)
    except OSError as e:  # the logs' folder cannot be made or written
        print("companion selfplay: --logs %s: cannot write the logs there (%s): give another folder"
              % (args.logs, e.strerror or e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(r))
    else:
        n = max(r["games"], 1)
        print("%s vs %s, %d game%s: %s wins %d (%.0f%%), %s wins %d (%.0f%%), draws %d" % (
            r["a"], r["b"], r["games"], "" if r["games"] == 1 else "s", r["a"], r["a_wins"], 100.0 * r["a_wins"] / n,
            r["b"], r["b_wins"], 100.0 * r["b_wins"] / n, r["draws"]))
    return 0


if __name__ == "__main__":
    sys.exit(0)
