"""Kanaloa scenarios with exact expected states (RULES.md section 2, docs/kanaloa.md).

The board is board_layouts/kanaloa.json (the project's own). Seed 675 hides
the god stones so: KANE on DALI, HOKU, KAIA, ORO; KANALOA on HANA, KULU,
NALU; KU on IWAI, MELE, WAIA; PELE on AKAU, MAKA, NOHO; LONO on HALA, LANI,
PAPA (the scenario `god_deal` checks it).
"""

from companion.core.rng import Rng

from .common import ev, game, play, refused, rules, all_rules

SEED = 675
R, B, G, Y = "red", "blue", "green", "yellow"

# RULES.md's table: degree -> own bridges -> (1st scoring, final scoring)
TABLE = {3: {2: (1, 2), 3: (0, 1)},
         5: {3: (2, 3), 4: (1, 2), 5: (0, 1)},
         7: {4: (3, 4), 5: (2, 3), 6: (1, 2), 7: (0, 1)}}
TABLE_ISLAND = {3: "MELE", 5: "WAIA", 7: "ORO"}


def kanaloa(players=(R, B, G), first=R, seed=SEED):
    return game({"game": "kanaloa", "layout": "kanaloa", "players": list(players),
                 "first": first, "seed": seed})


def places(*conns):
    return [ev("place", c) for c in conns]


def turns(n):
    return [ev("end_turn")] * n


def conns_of(g, island):
    b = g.board
    return sorted(b.conn_names[c] for c in b.island_conns[b.island(island)])


def god_deal():
    g = kanaloa()
    b = g.board
    out = {}
    for x in range(g.nisland):
        out[b.island_names[x]] = ("KANE", "KANALOA", "KU", "PELE", "LONO")[g.s[g.gods_at + x] - 1]
    assert out == {"AKAU": "PELE", "DALI": "KANE", "HALA": "LONO", "HANA": "KANALOA", "HOKU": "KANE",
                   "IWAI": "KU", "KAIA": "KANE", "KULU": "KANALOA", "LANI": "LONO", "MAKA": "PELE",
                   "MELE": "KU", "NALU": "KANALOA", "NOHO": "PELE", "ORO": "KANE", "PAPA": "LONO",
                   "WAIA": "KU"}
    other = kanaloa(seed=1)
    assert [other.s[other.gods_at + x] for x in range(16)] != [g.s[g.gods_at + x] for x in range(16)]
    assert g.state()["gods"] == {}, "the god stones stay hidden until won"
    return out


def scoring_table():
    """Every cell of the table at the 1st and at the final scoring."""
    out = {}
    for degree in (3, 5, 7):
        island = TABLE_ISLAND[degree]
        for k in sorted(TABLE[degree]):
            g = kanaloa()
            play(g, places(*conns_of(g, island)[:k]))
            play(g, [ev("end_turn"), ev("end_turn"), ev("end_round")])
            first = g.state()
            assert first["stones"] == {island: R} and first["round"] == 2
            play(g, turns(2) + [ev("end_round")])
            assert g.state()["last_round"]
            s = play(g, turns(3))[-1]
            expect = TABLE[degree][k]
            assert s["scorings"] == [{R: expect[0], B: 0, G: 0}, {R: expect[1], B: 0, G: 0}], (island, k, s)
            kane = 3 if (island == "ORO" and k == 7) else 0  # ORO hides a KANE (seed 675)
            assert s["score"] == {R: expect[0] + expect[1] + kane, B: 0, G: 0}
            assert s["over"] and s["winner"] == R and s["decided_by"] == "points"
            out["%s %d" % (island, k)] = s["scorings"]
    return out


def capture_cascade():
    """Red's absolute majority on HANA sends blue's and green's bridges there home;
    blue loses DALI and green loses LANI because of it; nothing further."""
    g = kanaloa()
    steps = play(g, [ev("end_turn")] + places("AKAU-DALI", "DALI-HANA") + [ev("end_turn")]
                 + places("HANA-LANI", "KULU-LANI", "LANI-NALU") + [ev("end_turn")]
                 + places("AKAU-HANA", "HANA-HOKU"))
    s = steps[-1]
    assert s["stones"] == {"DALI": B, "LANI": G}
    s = play(g, places("HANA-KULU"))[0]
    assert s == {
        "round": 1, "active": R,
        "sticks": {"AKAU-DALI": B, "KULU-LANI": G, "LANI-NALU": G,
                   "AKAU-HANA": R, "HANA-HOKU": R, "HANA-KULU": R},
        "stones": {"HANA": R},
        "score": {R: 0, B: 0, G: 0}, "over": False, "winner": None,
        "players": [R, B, G], "bridges": {R: 3, B: 1, G: 2}, "markers": {R: 1, B: 0, G: 0},
        "gods": {}, "pending": None, "last_round": False, "final_turns": [], "scorings": [],
        "decided_by": None,
        # the cascade: bridges sent home and markers lost, and HANA's new marker
        "todo": {"off": ["DALI-HANA", "HANA-LANI", "DALI", "LANI"], "on": ["HANA"]}}
    after_undo = g.undo() and g.state()
    assert rules(after_undo) == rules(steps[-1])
    return {"before": steps[-1], "after": s}


def exchange_capture():
    """An exchange takes a bridge over: its owner may lose a marker, the active
    player may gain one (with its capture), and it never fills a connection."""
    g = kanaloa()
    play(g, places("MAKA-MELE", "HALA-MELE") + [ev("end_turn")]
         + places("HALA-MAKA", "MAKA-ORO") + [ev("end_turn"), ev("end_turn")])
    assert g.state()["stones"] == {"MELE": R}
    s = play(g, places("MAKA-WAIA"))[0]
    assert s["stones"] == {"MELE": R}
    # MAKA: blue has HALA-MAKA and MAKA-ORO, red MAKA-MELE; red takes MAKA-ORO over.
    s = play(g, [ev("exchange", "MAKA-ORO")])[0]
    assert s["stones"] == {"MELE": R, "MAKA": R}
    assert s["sticks"] == {"MAKA-MELE": R, "HALA-MELE": R, "MAKA-ORO": R, "MAKA-WAIA": R}
    assert s["bridges"] == {R: 4, B: 0, G: 0} and s["pending"] is None
    # An exchange of blue's bridge that drops blue to half on an island costs the marker.
    g2 = kanaloa()
    play(g2, [ev("end_turn")] + places("MELE-WAIA", "MAKA-MELE") + [ev("end_turn")])
    assert g2.state()["stones"] == {"MELE": B}
    s2 = play(g2, [ev("exchange", "MELE-WAIA")])[0]
    assert s2["stones"] == {} and s2["sticks"] == {"MELE-WAIA": G, "MAKA-MELE": B}
    reasons = [refused(g2, ev("exchange", "MELE-WAIA")), refused(g2, ev("exchange", "HALA-MELE"))]
    return {"capture": s, "marker_lost": s2, "refused": reasons}


def relative_single_leader():
    """ORO full with red 3, blue 2, green 2: red removes any one of the four."""
    g = kanaloa()
    play(g, [ev("end_turn")] + places("HALA-ORO", "IWAI-ORO") + [ev("end_turn")]
         + places("KAIA-ORO", "MAKA-ORO") + [ev("end_turn")] + places("NOHO-ORO", "ORO-PAPA"))
    s = play(g, places("ORO-WAIA"))[0]
    assert s["pending"] == {"island": "ORO", "remove_one_of": ["HALA-ORO", "IWAI-ORO", "KAIA-ORO", "MAKA-ORO"]}
    assert s["stones"] == {}
    reasons = [refused(g, ev("end_turn")), refused(g, ev("place", "AKAU-DALI")),
               refused(g, ev("choose", "NOHO-ORO")), refused(g, ev("choose", "AKAU-DALI"))]
    s = play(g, [ev("choose", "IWAI-ORO")])[0]
    assert s["pending"] is None and "IWAI-ORO" not in s["sticks"]
    assert s["bridges"] == {R: 3, B: 1, G: 2}
    reasons.append(refused(g, ev("choose", "HALA-ORO")))
    # Four players: a large island full with red 2 and one each for the others.
    g4 = kanaloa(players=(R, B, G, Y))
    play(g4, [ev("end_turn")] + places("HOKU-KAIA") + [ev("end_turn")] + places("IWAI-KAIA")
         + [ev("end_turn")] + places("KAIA-NALU") + [ev("end_turn")] + places("KAIA-ORO"))
    s4 = play(g4, places("KAIA-PAPA"))[0]
    assert s4["pending"] == {"island": "KAIA", "remove_one_of": ["HOKU-KAIA", "IWAI-KAIA", "KAIA-NALU"]}
    s4 = play(g4, [ev("choose", "KAIA-NALU")])[0]
    assert s4["bridges"] == {R: 2, B: 1, G: 1, Y: 0} and s4["pending"] is None
    return {"pending": s["sticks"], "four": s4["sticks"], "refused": reasons}


def relative_shared_with_smaller():
    """KAIA full with red 2, blue 2, green 1: only green's bridge may go."""
    g = kanaloa()
    play(g, [ev("end_turn")] + places("HOKU-KAIA", "IWAI-KAIA") + [ev("end_turn")]
         + places("KAIA-NALU") + [ev("end_turn")] + places("KAIA-ORO"))
    s = play(g, places("KAIA-PAPA"))[0]
    assert s["pending"] == {"island": "KAIA", "remove_one_of": ["KAIA-NALU"]}
    reason = refused(g, ev("choose", "HOKU-KAIA"))
    s = play(g, [ev("choose", "KAIA-NALU")])[0]
    assert s["sticks"] == {"HOKU-KAIA": B, "IWAI-KAIA": B, "KAIA-ORO": R, "KAIA-PAPA": R}
    return {"state": s, "refused": reason}


def relative_no_removal():
    """A shared lead with nobody smaller, and a filler without the most: no choice."""
    g = kanaloa()
    play(g, [ev("end_turn")] + places("HALA-MELE") + [ev("end_turn")] + places("MAKA-MELE")
         + [ev("end_turn")])
    s = play(g, places("MELE-WAIA"))[0]
    assert s["pending"] is None and s["stones"] == {}
    play(g, [ev("end_turn")] + places("HOKU-KAIA", "IWAI-KAIA") + [ev("end_turn")] + places("KAIA-NALU")
         + [ev("end_turn")] + places("KAIA-ORO"))
    s2 = play(g, [ev("end_turn")] + places("KAIA-PAPA"))[-1]  # blue 3 of 5: absolute, not relative
    assert s2["pending"] is None and s2["stones"] == {"KAIA": B}
    g2 = kanaloa()
    play(g2, [ev("end_turn")] + places("HOKU-KAIA", "IWAI-KAIA") + [ev("end_turn")]
         + places("KAIA-NALU", "KAIA-ORO") + [ev("end_turn")])
    s3 = play(g2, places("KAIA-PAPA"))[0]  # red 1 against 2 and 2
    assert s3["pending"] is None and len(s3["sticks"]) == 5
    return {"small": s["sticks"], "not_most": s3["sticks"]}


def relative_both_ends():
    """One bridge fills KAIA and ORO: two choices in turn, KAIA first."""
    g = kanaloa()
    play(g, [ev("end_turn")] + places("HOKU-KAIA", "IWAI-KAIA", "HALA-ORO", "IWAI-ORO") + [ev("end_turn")]
         + places("KAIA-NALU", "MAKA-ORO", "NOHO-ORO") + [ev("end_turn")]
         + places("KAIA-PAPA", "ORO-PAPA", "ORO-WAIA"))
    s = play(g, places("KAIA-ORO"))[0]
    assert s["pending"] == {"island": "KAIA", "remove_one_of": ["KAIA-NALU"]}
    s = play(g, [ev("choose", "KAIA-NALU")])[0]
    assert s["pending"] == {"island": "ORO", "remove_one_of": ["HALA-ORO", "IWAI-ORO", "MAKA-ORO", "NOHO-ORO"]}
    s = play(g, [ev("choose", "NOHO-ORO"), ev("end_turn")])[-1]
    assert s["pending"] is None and s["active"] == B and s["bridges"] == {R: 4, B: 4, G: 1}
    return s["sticks"]


EARLY = ("MAKA-MELE", "HOKU-NALU", "MAKA-NOHO", "HOKU-IWAI", "NOHO-WAIA", "KULU-LANI", "MELE-WAIA",
         "DALI-LANI", "KULU-NALU", "AKAU-HOKU", "LANI-NALU", "MAKA-WAIA", "AKAU-IWAI", "AKAU-DALI",
         "IWAI-KAIA")


def early_win():
    """Red controls an 11th island: red wins at once, in the middle of a turn."""
    g = kanaloa()
    marks = []
    for k in range(len(EARLY)):
        s = play(g, [ev("place", EARLY[k])])[0]
        marks.append(s["markers"][R])
        if k % 5 == 4 and not s["over"]:
            play(g, turns(3))
    assert marks == [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 6, 8, 8, 10, 11]
    assert s["over"] and s["winner"] == R and s["decided_by"] == "11 islands"
    assert sorted(s["stones"]) == ["AKAU", "DALI", "HOKU", "IWAI", "KULU", "LANI", "MAKA", "MELE",
                                   "NALU", "NOHO", "WAIA"]
    return {"marks": marks, "refused": refused(g, ev("end_turn"))}


def final_round():
    """The last round: red passes while green (more points) has not moved; a
    pass is refused once nobody with more points is left, or after a move;
    KANE still scores when won in the last round."""
    g = kanaloa()
    play(g, places("DALI-HANA", "DALI-LANI") + [ev("end_turn")] + places("MELE-WAIA", "MAKA-MELE")
         + [ev("end_turn")] + places("KAIA-PAPA", "ORO-PAPA", "PAPA-WAIA") + [ev("end_round")])
    s = g.state()
    assert s["scorings"] == [{R: 1, B: 1, G: 2}] and s["active"] == R and s["round"] == 2
    s = play(g, [ev("exchange", "ORO-PAPA"), ev("end_turn"), ev("end_turn"), ev("end_round")])[-1]
    assert s["stones"] == {"DALI": R, "MELE": B} and s["last_round"] and s["active"] == R
    reasons = [refused(g, ev("end_round"))]
    s = play(g, [ev("pass")])[0]  # green (2 points) has not moved yet
    assert s["active"] == B and s["final_turns"] == []
    s = play(g, [ev("end_turn"), ev("end_turn")])[-1]
    assert s["active"] == R and s["final_turns"] == [B, G]
    reasons.append(refused(g, ev("pass")))  # nobody with more points is left to move
    play(g, places("AKAU-DALI"))
    reasons.append(refused(g, ev("pass")))
    assert g.state()["gods"] == {"DALI": {"god": "KANE", "by": R, "used": True}}
    assert g.state()["score"] == {R: 2, B: 1, G: 2}
    s = play(g, [ev("end_turn")])[0]
    assert s["final_turns"] == [B, G, R]
    assert s["scorings"] == [{R: 1, B: 1, G: 2}, {R: 1, B: 2, G: 0}]
    assert s["score"] == {R: 3, B: 3, G: 2} and s["winner"] == B
    return {"reasons": reasons, "state": s}


def tie_break_points():
    """Red and blue tie on points; blue moved last in the final round only
    because red passed; the winner is blue."""
    g = kanaloa()
    play(g, places("DALI-HANA", "DALI-LANI") + [ev("end_turn")] + places("MELE-WAIA", "MAKA-MELE")
         + [ev("end_turn")] + places("KAIA-PAPA", "ORO-PAPA", "PAPA-WAIA") + [ev("end_round")])
    play(g, [ev("exchange", "ORO-PAPA"), ev("end_turn"), ev("end_turn"), ev("end_round")])
    s = play(g, [ev("pass"), ev("end_turn"), ev("end_turn"), ev("end_turn")])[-1]
    assert s["final_turns"] == [B, G, R]
    assert s["score"] == {R: 3, B: 3, G: 2}
    assert s["over"] and s["winner"] == B and s["decided_by"] == "tie-break: earlier last move"
    # Without the pass red moves first and wins the same tie.
    g = kanaloa()
    play(g, places("DALI-HANA", "DALI-LANI") + [ev("end_turn")] + places("MELE-WAIA", "MAKA-MELE")
         + [ev("end_turn")] + places("KAIA-PAPA", "ORO-PAPA", "PAPA-WAIA") + [ev("end_round")])
    play(g, [ev("exchange", "ORO-PAPA"), ev("end_turn"), ev("end_turn"), ev("end_round")])
    s2 = play(g, turns(3))[-1]
    assert s2["final_turns"] == [R, B, G] and s2["score"] == {R: 3, B: 3, G: 2} and s2["winner"] == R
    return {"passed": s, "no_pass": s2["winner"]}


def gods():
    """Winning, revealing and using god stones (seed 675)."""
    g = kanaloa()
    reasons = []
    s = play(g, places("AKAU-DALI", "DALI-HANA", "DALI-LANI"))[-1]
    assert s["gods"] == {"DALI": {"god": "KANE", "by": R, "used": True}} and s["score"][R] == 1
    s = play(g, places("HANA-KULU", "KULU-LANI", "KULU-NALU", "AKAU-HANA", "HANA-HOKU", "HANA-LANI"))[-1]
    assert s["gods"]["KULU"] == {"god": "KANALOA", "by": R, "used": False}
    assert s["gods"]["HANA"] == {"god": "KANALOA", "by": R, "used": False}
    reasons.append(refused(g, ev("place", "AKAU-HOKU", god="KANALOA")))  # before the 1st scoring
    play(g, [ev("end_turn")] + places("HALA-MELE", "MAKA-MELE", "MELE-WAIA", "MAKA-NOHO", "NOHO-ORO", "NOHO-WAIA"))
    reasons.append(refused(g, {"op": "use", "god": "KU"}))
    play(g, [ev("end_turn")] + places("KAIA-PAPA", "LANI-PAPA", "NALU-PAPA", "ORO-PAPA", "PAPA-WAIA"))
    s = play(g, [ev("end_round")])[0]
    assert s["gods"] == {
        "DALI": {"god": "KANE", "by": R, "used": True}, "HANA": {"god": "KANALOA", "by": R, "used": False},
        "KULU": {"god": "KANALOA", "by": R, "used": False}, "MELE": {"god": "KU", "by": B, "used": False},
        "NOHO": {"god": "PELE", "by": B, "used": False}, "PAPA": {"god": "LONO", "by": G, "used": False}}
    assert s["active"] == R and s["round"] == 2 and s["score"] == {R: 3, B: 0, G: 0}
    # Round 2: red builds with one KANALOA and exchanges with the other.
    s = play(g, [ev("place", "AKAU-HOKU", god="KANALOA")])[0]
    assert s["gods"]["HANA"]["used"] and not s["gods"]["KULU"]["used"]
    s = play(g, [ev("exchange", "MAKA-MELE", god="KANALOA")])[0]
    assert s["gods"]["KULU"]["used"] and s["sticks"]["MAKA-MELE"] == R
    reasons.append(refused(g, ev("place", "AKAU-IWAI", god="KANALOA")))  # none left
    reasons.append(refused(g, {"op": "use", "god": "KU"}))  # red holds no KU
    reasons.append(refused(g, {"op": "use", "god": "KANE"}))
    reasons.append(refused(g, {"op": "use", "god": "KANALOA"}))
    reasons.append(refused(g, ev("place", "AKAU-IWAI", god="KU")))
    reasons.append(refused(g, {"op": "use", "god": "MAUI"}))
    # Red now holds every connection of MELE, but KU is blue's already.
    s = play(g, [ev("exchange", "HALA-MELE"), ev("place", "MELE-WAIA")])[-1]
    assert s["stones"]["MELE"] == R and s["gods"]["MELE"] == {"god": "KU", "by": B, "used": False}
    s = play(g, [ev("end_turn"), {"op": "use", "god": "KU"}, ev("end_turn"), {"op": "use", "god": "LONO"}])[-1]
    assert s["gods"]["MELE"]["used"] and s["gods"]["PAPA"]["used"] and not s["gods"]["NOHO"]["used"]
    reasons.append(refused(g, {"op": "use", "god": "LONO"}))  # used once, then it leaves the game
    s = play(g, [ev("end_round"), ev("end_turn")])[-1]
    assert s["active"] == B and s["last_round"]
    reasons.append(refused(g, {"op": "use", "god": "PELE"}))  # not in the last round
    s = play(g, [ev("end_turn"), ev("end_turn")])[-1]
    # Final: red DALI 1, HANA 1, KULU 1, LANI 3, AKAU 3 (won in round 2), MELE 1;
    # blue NOHO 1; green PAPA 1.
    assert s["scorings"] == [{R: 2, B: 0, G: 0}, {R: 10, B: 1, G: 1}]
    assert s["over"] and s["score"] == {R: 13, B: 1, G: 1} and s["winner"] == R
    return {"reasons": reasons, "gods": s["gods"], "score": s["score"]}


def pele():
    """PELE is recorded as used in its owner's turn after the 1st scoring."""
    g = kanaloa()
    play(g, places("MAKA-NOHO", "NOHO-ORO", "NOHO-WAIA") + [ev("end_turn"), ev("end_turn"), ev("end_round")])
    s = play(g, [{"op": "use", "god": "PELE"}])[0]
    assert s["gods"] == {"NOHO": {"god": "PELE", "by": R, "used": True}}
    return s["gods"]


# --- random games: invariants, undo and replay (OpenSpiel-style) ---------------
def check_invariants(g):
    """What must hold after every event, whatever was played."""
    s = g.s
    b = g.board
    assert len(s) <= 256
    for p in range(g.n):
        owned = 0
        for c in range(g.nconn):
            if s[c] == p + 1:
                owned += 1
        assert g.bridges(p) == owned <= 20
        held = 0
        for x in range(g.nisland):
            if g.marker(x) == p + 1:
                held += 1
        assert g.markers(p) == held
        kane = 0
        for x in range(g.nisland):
            if g.god_holder(x) == p and g.god_of(x) == 1:
                assert g.god_used(x)
                kane += {3: 1, 5: 2, 7: 3}[b.degree[x]]  # RULES.md: KANE on small, large, ORO
        scored = 0
        for k in range(g.scorings_done()):
            scored += g.scoring_points(k, p)
        assert g.score(p) == scored + kane
    for x in range(g.nisland):
        for q in range(1, g.n + 1):
            # a marker exactly where a player holds more than half the connections
            assert (2 * g.count(q, x) > b.degree[x]) == (g.marker(x) == q)
    x = g.pending()
    if x is not None:
        assert g.free(x) == 0 and g.candidates() and not g.over()
    assert (g.winner() is not None) == g.over()


def random_event(g, rng):
    """A legal event chosen by rng (None if it found none this time)."""
    n = g.nconn
    names = g.board.conn_names
    if g.pending() is not None:
        cands = g.candidates()
        return ev("choose", names[cands[rng.below(len(cands))]])
    r = rng.below(100)
    free = [c for c in range(n) if g.why_not_place(c) is None]
    taken = [c for c in range(n) if g.why_not_exchange(c) is None]
    if g.phase() == 2 and r < 10:
        if g.why_not_pass() is None:
            return ev("pass")
    elif r < 60 and free:
        c = free[rng.below(len(free))]
        if rng.below(3) == 0 and g.why_not_use(2) is None:
            return ev("place", names[c], god="KANALOA")
        return ev("place", names[c])
    elif r < 75 and taken:
        c = taken[rng.below(len(taken))]
        if rng.below(2) == 0 and g.why_not_use(2) is None:
            return ev("exchange", names[c], god="KANALOA")
        return ev("exchange", names[c])
    elif r < 80:
        god = 3 + rng.below(3)
        if g.why_not_use(god) is None:
            return {"op": "use", "god": ("KU", "PELE", "LONO")[god - 3]}
    elif r < 82 and g.phase() == 1:
        return ev("end_round")
    return ev("end_turn")


def random_game(seed, players):
    """Play until the end; return (header, events, states) with states[0] the start."""
    rng = Rng(seed)
    header = {"game": "kanaloa", "layout": "kanaloa", "players": list(players), "first": "lot", "seed": seed}
    g = game(header)
    states = [g.state()]
    events = []
    while not g.over():
        e = random_event(g, rng)
        g.apply(e)
        events.append(e)
        check_invariants(g)
        states.append(g.state())
        assert len(events) < 2000, "a random game did not end"
    return header, events, states, g


def undo_to_start(g, states):
    """Undo every event: each earlier state comes back exactly."""
    for k in range(len(states) - 2, -1, -1):
        assert g.undo()
        assert rules(g.state()) == rules(states[k]), "undo %d differs" % k
    assert not g.undo()


def random_games():
    out = {}
    for seed, players in ((11, (R, B, G)), (12, (R, B, G, Y))):
        header, events, states, g = random_game(seed, players)
        again = game(header)
        for e in events:
            again.apply(e)
        assert rules(again.state()) == rules(states[-1])
        undo_to_start(g, states)
        out[str(seed)] = {"events": len(events), "end": states[-1]}
    return out


def run_all():
    return {
        "god_deal": god_deal(),
        "scoring_table": scoring_table(),
        "capture_cascade": capture_cascade(),
        "exchange_capture": exchange_capture(),
        "relative_single_leader": relative_single_leader(),
        "relative_shared_with_smaller": relative_shared_with_smaller(),
        "relative_no_removal": relative_no_removal(),
        "relative_both_ends": relative_both_ends(),
        "early_win": early_win(),
        "final_round": final_round(),
        "gods": gods(),
        "pele": pele(),
        "random_games": random_games(),
        "tie_break_points": tie_break_points(),
    }
