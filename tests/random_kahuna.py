"""Random Kahuna games, played through the core and the reference together."""

import json

from companion.core import Illegal
from companion.core.games import new_game
from host_tools.paths import load_layout

from .reference_kahuna import CONNECTIONS, ReferenceKahuna, Refused
from .scenarios.common import rules


def random_game(rnd, max_events=500):
    """(log lines, live states) of a random game; core and reference must agree
    on every candidate event, accepted or refused, and on every state."""
    header = {"game": "kahuna", "layout": "kahuna", "first": rnd.choice(["white", "black"]),
              "variants": [v for v in ("variant1", "variant2") if rnd.random() < 0.3]}
    handicap = None
    if rnd.random() < 0.2:
        handicap = header["handicap"] = rnd.choice(["white", "black"])
    weights = {"place": rnd.uniform(2, 10), "remove": rnd.uniform(0.2, 3), "end_turn": 2,
               "end_round": rnd.uniform(0.05, 0.6), "undo": rnd.uniform(0, 1), "bad": 0.5}
    game = new_game(header, load_layout("kahuna"))
    ref = ReferenceKahuna(header["first"], header["variants"], handicap)
    lines = [json.dumps(header)]
    states = [game.state()]
    assert rules(states[0]) == ref.view()
    while not ref.over and len(lines) <= max_events:
        op = rnd.choices(list(weights), list(weights.values()))[0]
        event = candidate(rnd, op, game)
        try:
            game.apply(event)
            accepted = True
        except Illegal:
            accepted = False
        try:
            ref.event(event["op"], event.get("at"))
            ref_accepted = True
        except Refused:
            ref_accepted = False
        assert accepted == ref_accepted, (event, accepted, lines)
        if accepted:
            lines.append(json.dumps(event))
            states.append(game.state())
            assert rules(states[-1]) == ref.view(), (event, lines)
    return lines, states


def candidate(rnd, op, game):
    """Mostly events the core lists as legal (legal_events), sometimes any."""
    if op in ("place", "remove"):
        legal = [e for e in game.legal_events() if e["op"] == op]
        if legal:
            return rnd.choice(legal)
        op = "bad"
    if op == "bad":
        return {"op": rnd.choice(["place", "remove"]), "at": rnd.choice(CONNECTIONS)}
    return {"op": op}
