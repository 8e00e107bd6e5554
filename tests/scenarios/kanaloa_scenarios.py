"""Kanaloa scenarios with exact expected states (RULES.md section 2, docs/kanaloa.md).

The board is board_layouts/kanaloa.json (the project's own). Seed 675 hides
the god stones so: KANE on DALI, HOKU, KAIA, ORO; KANALOA on HANA, KULU,
NALU; KU on IWAI, MELE, WAIA; PELE on AKAU, MAKA, NOHO; LONO on HALA, LANI,
PAPA (the scenario `god_deal` checks it).
"""

from companion.core.rng import Rng

from .common import ev, game, play, refused

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
    steps = play(g, places("DALI-HANA", "DALI-LANI") + [ev("end_turn")]
                 + places("HANA-LANI", "KULU-LANI", "LANI-NALU") + [ev("end_turn")]
                 + places("AKAU-HANA", "HANA-HOKU"))
    s = steps[-1]
    assert s["stones"] == {"DALI": B, "LANI": G}
    s = play(g, places("HANA-KULU"))[0]
    assert s == {
        "round": 1, "active": R,
        "sticks": {"DALI-LANI": B, "KULU-LANI": G, "LANI-NALU": G,
                   "AKAU-HANA": R, "HANA-HOKU": R, "HANA-KULU": R},
        "stones": {"HANA": R},
        "score": {R: 0, B: 0, G: 0}, "over": False, "winner": None,
        "players": [R, B, G], "bridges": {R: 3, B: 1, G: 2}, "markers": {R: 1, B: 0, G: 0},
        "gods": {}, "pending": None, "last_round": False, "final_turns": [], "scorings": [],
        "decided_by": None}
    after_undo = g.undo() and g.state()
    assert after_undo == steps[-1]
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
    assert marks == [0, 0, 1, 1, 3, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11]
    assert s["over"] and s["winner"] == R and s["decided_by"] == "11 islands"
    assert sorted(s["stones"]) == ["AKAU", "DALI", "HOKU", "IWAI", "KULU", "LANI", "MAKA", "MELE",
                                   "NALU", "NOHO", "WAIA"]
    return {"marks": marks, "refused": refused(g, ev("end_turn"))}


def tie_break():
    """Red and blue tie at the final scoring; blue had its last turn earlier
    because red passed while green (more points) had not moved."""
    g = kanaloa()
    play(g, places("DALI-HANA", "DALI-LANI") + [ev("end_turn")] + places("MELE-WAIA", "MAKA-MELE")
         + [ev("end_turn")] + places("KAIA-PAPA", "ORO-PAPA", "PAPA-WAIA") + [ev("end_round")])
    s = g.state()
    assert s["scorings"] == [{R: 1, B: 1, G: 2}] and s["active"] == R and s["round"] == 2
    s = play(g, [ev("exchange", "ORO-PAPA"), ev("end_turn"), ev("end_turn"), ev("end_round")])[-1]
    assert s["stones"] == {"DALI": R, "MELE": B} and s["last_round"] and s["active"] == R
    reasons = [refused(g, ev("end_round"))]
    s = play(g, [ev("pass")])[0]
    assert s["active"] == B and s["final_turns"] == []
    reasons.append(refused(g, ev("pass")))  # blue: green has more points but blue ties red... green not moved
    return {"reasons": reasons}


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
        "tie_break": tie_break(),
    }
