"""Random Kahuna games with the digital deck: mostly sensible events, some refused."""

import json

from companion.core import Illegal
from companion.core.games import new_game
from host_tools.paths import load_layout

ISLANDS = ("ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA", "GOLA", "HUNA", "IFFI", "JOJO",
           "KAHU", "LALE")


def header_for(rnd):
    h = {"game": "kahuna", "layout": "kahuna", "cards": "digital",
         "first": rnd.choice(["white", "black"]), "seed": rnd.randrange(2**32),
         "variants": [v for v in ("variant1", "variant2") if rnd.random() < 0.3]}
    if rnd.random() < 0.15:
        h["handicap"] = rnd.choice(["white", "black"])
    return h


def candidates(g):
    """The sticks the core lists as legal (legal_events): places paid with a card, removes."""
    return [e for e in g.legal_events() if e["op"] == "remove" or (e["op"] == "place" and "card" in e)]


def random_event(g, rnd, w):
    r = rnd.random() * sum(w.values())
    for op in w:
        r -= w[op]
        if r < 0:
            break
    b = g.board
    p = g.active()
    if op == "play":
        c = candidates(g)
        if c:
            return rnd.choice(c)
        op = "draw"
    if op == "free":
        f = g.freed()
        if f >= 0:
            return {"op": "place", "at": b.conn_names[f]}
        op = "draw"
    if op == "discard":
        held = [i for i in range(12) if g.hand(p, i)]
        return {"op": "discard", "card": b.island_names[rnd.choice(held)] if held else "ALOA"}
    if op == "draw":
        faces = [g.face(k) for k in range(3) if g.face(k) >= 0]
        if faces and rnd.random() < 0.6:
            return {"op": "draw", "card": b.island_names[rnd.choice(faces)]}
        return {"op": "draw", "from": "pile"}
    if op == "bad":
        return rnd.choice([
            {"op": "place", "at": rnd.choice(b.conn_names), "card": rnd.choice(ISLANDS)},
            {"op": "remove", "at": rnd.choice(b.conn_names),
             "cards": [rnd.choice(ISLANDS), rnd.choice(ISLANDS)]},
            {"op": "draw", "card": rnd.choice(ISLANDS)}, {"op": "end_round"},
            {"op": "place", "at": rnd.choice(b.conn_names)}, {"op": "draw"}])
    return {"op": op}


def random_game(rnd, max_events=600, check=None):
    """(log lines, live states) of a random digital-deck game."""
    header = header_for(rnd)
    g = new_game(header, load_layout("kahuna"))
    w = {"play": rnd.uniform(2, 8), "draw": 2.5, "end_turn": rnd.uniform(0.3, 2),
         "discard": rnd.uniform(0, 0.6), "undo": rnd.uniform(0, 1), "bad": 0.4, "free": 0.5}
    lines = [json.dumps(header)]
    states = [g.state()]
    if check:
        check(g)
    while not g.over() and len(lines) <= max_events:
        event = random_event(g, rnd, w)
        before = g.state()
        try:
            g.apply(event)
        except Illegal:
            assert g.state() == before, event
            continue
        lines.append(json.dumps(event))
        states.append(g.state())
        if check:
            check(g)
    return lines, states
