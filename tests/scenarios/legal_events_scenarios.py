"""Every core game's legal_events() against its rules, under both interpreters.

For a position, `check(g, full)` asserts that (a) every listed event is
accepted (and taken back exactly), no event is listed twice, the list is
empty exactly when the game is over; and with `full` that (b) every event
of the finite spaces below that is not listed is refused, the state
unchanged: the list agrees with the rules' why_not_* answers. `random_game`
plays a seeded random game driven only by the list to its end (c) and
replays its log into a fresh game that must reach the same state (d).
The seeds come from the core's Rng: the same games under CPython and
MicroPython. tests/test_legal_events.py adds hypothesis's headers and seeds.
"""

from companion.core import Illegal
from companion.core.rng import Rng

from .common import ev, game, play

GAMES = ("kahuna", "kahuna_cards", "kanaloa", "rukuni", "duell")


# --- the finite spaces of events a position is checked against -------------------------
def _space(g):
    """Candidate events of every kind the game's players choose: a finite,
    position-independent space (plus the cells towers stand on, for Rukuni)."""
    name = g.__class__.__name__
    if name == "Kahuna":
        return _kahuna_space(g)
    if name == "KahunaCards":
        return _cards_space(g)
    if name == "Kanaloa":
        return _kanaloa_space(g)
    if name == "Rukuni":
        return _rukuni_space(g)
    return _duell_space(g)


def _kahuna_space(g):
    out = []
    for c in g.board.conn_names:
        out.append(ev("place", c))
        out.append(ev("remove", c))
    return out + [ev("end_turn"), ev("end_round")]


def _cards_space(g):
    b = g.board
    islands = b.island_names
    out = []
    for c in range(g.nconn):
        a = b.conn_a[c]
        e = b.conn_b[c]
        o = 0
        while o == a or o == e:
            o += 1  # an island the connection does not touch
        at = b.conn_names[c]
        out.append(ev("place", at))
        for i in (a, e, o):
            out.append(ev("place", at, card=islands[i]))
        for i, j in ((a, e), (a, a), (e, e), (a, o), (e, o), (o, o)):
            out.append(ev("remove", at, cards=[islands[i], islands[j]]))
    for name in islands:
        out.append(ev("discard", card=name))
        out.append(ev("draw", card=name))
    return out + [ev("draw", **{"from": "pile"}), ev("end_turn"), ev("end_round")]


def _kanaloa_space(g):
    out = []
    for c in g.board.conn_names:
        for op in ("place", "exchange"):
            out.append(ev(op, c))
            out.append(ev(op, c, god="KANALOA"))
        out.append(ev("choose", c))
    for god in ("KANE", "KANALOA", "KU", "PELE", "LONO"):
        out.append(ev("use", god=god))
    return out + [ev("end_turn"), ev("end_round"), ev("pass")]


def _rukuni_space(g):
    names = g.board.names
    froms = [g.tower_cell(t) for t in range(g.ntower)]
    k = 0
    while g.cell(k) == 3:  # TOWER
        k += 1
    froms.append(k)  # a cell without a tower
    out = []
    for a in froms:
        for c in range(g.ncell):
            out.append(ev("move", **{"from": names[a], "to": names[c]}))
    for c in range(g.ncell):
        out.append(ev("set", names[c]))
    return out


def _sites():
    return ["%d,%d" % (k // 3, k % 3) for k in range(9)]


def _duell_space(g):
    out = []
    sites = _sites()
    for p in ("bison", "wolf"):
        for at in sites:
            for v in range(1, 10):
                out.append(ev("put", at, player=p, value=v))
        for choice in range(3):
            out.append(ev("mask", player=p, choice=choice))
        for a in range(9):
            na = _pile(g, p, a)
            for b in range(9):
                if b == a:
                    continue
                nb = _pile(g, p, b)
                for x in (range(1, 10) if na > 1 else (0,)):
                    if b > a:
                        for y in (range(1, 10) if nb > 1 else (0,)):
                            e = ev("swap", player=p, a=sites[a], b=sites[b])
                            if x:
                                e["value_a"] = x
                            if y:
                                e["value_b"] = y
                            out.append(e)
                    e = ev("move", player=p, **{"from": sites[a], "to": sites[b]})
                    if x:
                        e["value"] = x
                    out.append(e)
    return out + [ev("pass")]


def _pile(g, colour, site):
    p = 0 if colour == "bison" else 1
    n = 0
    for i in range(p * 9, p * 9 + 9):
        if g.s[i] == site + 1:
            n += 1
    return n


# --- the checks ------------------------------------------------------------------------
def key(event):
    """An event as a comparable string; two cards paying for a remove in either order are one."""
    e = dict(event)
    if "cards" in e:
        e["cards"] = sorted(e["cards"])
    return repr(sorted(e.items()))


def _accepted(g, event):
    """True if the game takes the event (then taken back exactly), False if it refuses it
    (the state unchanged)."""
    before = bytes(g.s)
    marks = g.events_in_effect()
    try:
        g.apply(event)
    except Illegal:
        assert bytes(g.s) == before, "a refused event changed the state: %r" % (event,)
        assert g.events_in_effect() == marks
        return False
    assert g.events_in_effect() == marks + 1, event
    g.take_back()
    assert bytes(g.s) == before, "taking back %r did not restore the position" % (event,)
    return True


def check(g, full):
    """The position's legal events, checked (see the module's docstring). Returns them."""
    listed = list(g.legal_events())
    keys = [key(e) for e in listed]
    assert len(set(keys)) == len(keys), "an event is listed twice: %r" % (listed,)
    assert (not listed) == g.over(), "nothing to do exactly when the game is over"
    for e in listed:
        assert _accepted(g, e), "listed but refused: %r" % (e,)
    if full:
        legal = set(keys)
        for e in _space(g):
            if key(e) not in legal:
                assert not _accepted(g, e), "accepted but not listed: %r in %r" % (e, listed)
    return listed


def random_game(header, seed, every=1, max_events=3000):
    """Play to the end choosing among the listed events only: (events, end state).
    Every `every`-th position is checked in full."""
    g = game(header)
    rng = Rng(seed)
    events = []
    n = 0
    while not g.over():
        assert n < max_events, "no end after %d events: %r" % (max_events, header)
        listed = check(g, n % every == 0)
        e = listed[rng.below(len(listed))]
        for _ in range(3):  # the round's end less often than a move: longer games, more positions
            if e["op"] not in ("end_round", "end_turn"):
                break
            e = listed[rng.below(len(listed))]
        g.apply(e)
        events.append(e)
        n += 1
    check(g, True)
    end = g.state()
    again = game(header)
    play(again, events)
    assert again.state() == end, "the replayed log ends elsewhere than the live game"
    assert bytes(again.s) == bytes(g.s)
    return events, end


def header_for(name, rng):
    """A header of game `name` drawn from rng: variants, start player, handicap, players."""
    two = ("white", "black")
    if name in ("kahuna", "kahuna_cards"):
        h = {"game": "kahuna", "layout": "kahuna", "first": two[rng.below(2)],
             "variants": [v for v in ("variant1", "variant2") if rng.below(3) == 0]}
        if rng.below(5) == 0:
            h["handicap"] = two[rng.below(2)]
        if name == "kahuna_cards":
            h["cards"] = "digital"
            h["seed"] = rng.next()
        return h
    if name == "kanaloa":
        colours = ["red", "blue", "green", "yellow"][:3 + rng.below(2)]
        return {"game": "kanaloa", "layout": "kanaloa", "players": colours, "seed": rng.next(),
                "first": colours[rng.below(len(colours))]}
    if name == "rukuni":
        return {"game": "rukuni", "layout": "rukuni", "first": two[rng.below(2)]}
    variants = ([], ["memory"], ["profi"])[rng.below(3)]
    return {"game": "duell", "layout": "duell", "variants": variants}


# --- hand-made positions with their exact lists ------------------------------------------
def kahuna_handicap():
    """Black's three handicap sticks: then only TURN is left (no removing, no fourth stick)."""
    g = game({"game": "kahuna", "layout": "kahuna", "first": "white", "variants": [], "handicap": "black"})
    names = g.board.conn_names
    assert check(g, True) == [ev("place", c) for c in names] + [ev("end_turn")]
    play(g, [ev("place", "ALOA-BARI"), ev("place", "ELAI-FAAA"), ev("place", "HUNA-IFFI")])
    assert check(g, True) == [ev("end_turn")]
    play(g, [ev("end_turn")])
    want = [ev("place", c) for c in names if c not in ("ALOA-BARI", "ELAI-FAAA", "HUNA-IFFI")]
    want += [ev("remove", c) for c in names if c in ("ALOA-BARI", "ELAI-FAAA", "HUNA-IFFI")]
    assert check(g, True) == want + [ev("end_turn"), ev("end_round")]
    return len(want)


def kahuna_variant1():
    """Variant 1: no stick on a connection that ends at the opponent's stone."""
    g = game({"game": "kahuna", "layout": "kahuna", "first": "white", "variants": ["variant1"]})
    b = g.board
    x = b.island("ALOA")
    mine = [b.conn_names[c] for c in b.island_conns[x]]
    play(g, [e for c in mine[:len(mine) // 2 + 1] for e in (ev("place", c), ev("end_turn"), ev("end_turn"))])
    assert g.state()["stones"] == {"ALOA": "white"}
    play(g, [ev("end_turn")])  # black to move
    blocked = [c for c in b.conn_names if "ALOA" in c.split("-")]
    listed = check(g, True)
    places = [e["at"] for e in listed if e["op"] == "place"]
    assert places == [c for c in b.conn_names if c not in blocked], places
    assert [e for e in listed if e["op"] != "place"] == \
        [ev("remove", c) for c in b.conn_names if c in mine[:len(mine) // 2 + 1]] + \
        [ev("end_turn"), ev("end_round")]
    return places


def kanaloa_pending():
    """ORO full with red 3, blue 2, green 2 (kanaloa_scenarios.relative_single_leader):
    red's only events are the four bridges that may go; after the choice red builds on."""
    g = game({"game": "kanaloa", "layout": "kanaloa", "players": ["red", "blue", "green"],
              "first": "red", "seed": 675})
    play(g, [ev("end_turn"), ev("place", "HALA-ORO"), ev("place", "IWAI-ORO"), ev("end_turn"),
             ev("place", "KAIA-ORO"), ev("place", "MAKA-ORO"), ev("end_turn"), ev("place", "NOHO-ORO"),
             ev("place", "ORO-PAPA"), ev("place", "ORO-WAIA")])
    assert check(g, True) == [ev("choose", c) for c in ("HALA-ORO", "IWAI-ORO", "KAIA-ORO", "MAKA-ORO")]
    play(g, [ev("choose", "IWAI-ORO")])
    names = g.board.conn_names
    red = ("NOHO-ORO", "ORO-PAPA", "ORO-WAIA")
    want = []
    for c in names:
        if c not in red:
            want.append(ev("exchange" if c in ("HALA-ORO", "KAIA-ORO", "MAKA-ORO") else "place", c))
    # round 1: no god stone works yet; no pass before the last round
    assert check(g, True) == want + [ev("end_turn"), ev("end_round")]
    return len(want)


def duell_masks_and_swaps():
    """All 18 stones placed: both masks; after the duel the swapper's swaps and a pass."""
    g = game({"game": "duell", "layout": "duell", "variants": []})
    sites = _sites()
    # bison's v on site v-1, wolf's v on site v % 9 (never equal)
    order = [("bison", 1)]
    w = b = 1
    b = 2
    turn = "wolf"
    while len(order) < 18:
        for _ in range(2 if len(order) < 17 else 1):
            if turn == "wolf":
                order.append(("wolf", w))
                w += 1
            else:
                order.append(("bison", b))
                b += 1
        turn = "bison" if turn == "wolf" else "wolf"
    for p, v in order:
        at = sites[v - 1] if p == "bison" else sites[v % 9]
        play(g, [ev("put", at, player=p, value=v)])
    assert g.phase() == 1  # DUEL
    want = [ev("mask", player=p, choice=k) for p in ("bison", "wolf") for k in range(3)]
    assert check(g, True) == want
    play(g, [ev("mask", player="wolf", choice=2)])
    assert check(g, True) == want[:3]
    play(g, [ev("mask", player="bison", choice=0)])  # site 0,2: bison 3 against wolf 2
    assert g.phase() == 2 and g.swapper() == 0  # bison swaps after the 1st duel
    swaps = [e for e in check(g, True) if e["op"] == "swap"]
    # bison's v lies on site v-1; wolf's u on site u % 9 (u = site or 9): a swap of sites a, b
    # brings bison's b+1 to a and a+1 to b, refused where it meets wolf's equal value
    wolf_on = [9] + list(range(1, 9))
    want = [ev("swap", player="bison", a=sites[a], b=sites[c]) for a in range(9) for c in range(a + 1, 9)
            if wolf_on[a] != c + 1 and wolf_on[c] != a + 1]
    assert swaps == want
    assert check(g, True)[-1] == ev("pass")
    return len(swaps)


def rukuni_set():
    """After a move the stone goes next to the tower just moved: its free neighbours."""
    g = game({"game": "rukuni", "layout": "rukuni", "first": "white"})
    first = check(g, True)
    assert all(e["op"] == "move" for e in first)
    e = first[0]
    play(g, [e])
    b = g.board
    to = b.cell(e["to"])
    want = [ev("set", b.names[c]) for c in b.around[to] if g.cell(c) == 0]
    assert check(g, True) == want and want
    return {"moves": len(first), "sets": len(want)}


def random_games():
    """A short seeded game of every game and variant, checked in full every 8th position."""
    out = {}
    rng = Rng(41)
    for name in GAMES:
        for k in range(2):
            h = header_for(name, rng)
            events, end = random_game(h, rng.next(), every=8)
            out["%s %d" % (name, k)] = [len(events), end["winner"]]
    return out


def run_all():
    return {
        "kahuna_handicap": kahuna_handicap(),
        "kahuna_variant1": kahuna_variant1(),
        "kanaloa_pending": kanaloa_pending(),
        "duell_masks_and_swaps": duell_masks_and_swaps(),
        "rukuni_set": rukuni_set(),
        "random_games": random_games(),
    }
