"""Legal random Kahuna logs for the bench, from a seeded random player.

The player places and removes sticks at random, ends a turn now and then
and a round at a chosen pace; it never plays a move that would end the game
before the log is long enough. Same seed, same log.
"""

import random

from companion.core import Illegal
from companion.core.games import new_game

from ..paths import load_layout

HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}


# How often a player does each kind of thing (end_round: as soon as it is due).
WEIGHTS = (("place", 45), ("remove", 15), ("end_turn", 35), ("undo", 3), ("end_round", 1000))


def _choices(game, rng, may_end_round):
    """Candidate events: a random kind of event first, then the other kinds."""
    by_op = {"place": [], "remove": [], "end_turn": [{"op": "end_turn"}], "undo": [], "end_round": []}
    for e in game.legal_events():  # (end_turn is always legal; end_round at the player's pace)
        if e["op"] in ("place", "remove"):
            by_op[e["op"]].append(e)
    if game.events_in_effect():
        by_op["undo"].append({"op": "undo"})
    if may_end_round:
        by_op["end_round"].append({"op": "end_round"})
    # kinds in a weighted random order (without replacement), moves shuffled
    kinds = [(rng.random() ** (1.0 / w), op) for op, w in WEIGHTS if by_op[op]]
    kinds.sort(reverse=True)
    out = []
    for _, op in kinds:
        moves = by_op[op]
        rng.shuffle(moves)
        out += moves
    return out


def random_log(seed, events, rounds_end=True, finish=False):
    """(header, events): a legal Kahuna game of exactly `events` events.

    Without `finish`, rounds 1 and 2 end after about a third of the events
    each and the game stays in round 3. With `finish`, rounds end about
    every events/4 events and the game is played to its end (or `events`).
    """
    rng = random.Random(seed)
    game = new_game(HEADER, load_layout("kahuna"))
    pace = events // 4 if finish else events // 3
    log = []
    while len(log) < events and not game.over():
        rnd = game.state()["round"]
        due = len(log) >= rnd * pace
        may_end_round = rounds_end and due and (finish or rnd < 3)
        for ev in _choices(game, rng, may_end_round):
            before = game.events_in_effect()
            try:
                game.apply(ev)
            except Illegal:  # e.g. end_round during the final turns
                continue
            ends_early = game.over() and not finish
            if ends_early:
                game.undo()
                assert game.events_in_effect() == before
                continue
            log.append(ev)
            break
        else:
            raise AssertionError("the random player found no legal event")
    return dict(HEADER), log


def random_games(count, seed=1, max_events=400):
    """`count` random games played to their end (or max_events)."""
    return [random_log(seed * 1000 + k, max_events, finish=True) for k in range(count)]
