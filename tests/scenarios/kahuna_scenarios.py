"""Kahuna scenarios with exact expected states (RULES.md section 1)."""

from .common import ev, game, play, refused, rules, all_rules

# The position before the rule sheets' worked example, built by legal play:
# black (starting) then white set up, black passes, and it is white's turn.
SETUP = [
    ev("place", "ALOA-BARI"), ev("place", "ALOA-HUNA"), ev("place", "HUNA-IFFI"),
    ev("place", "HUNA-LALE"), ev("place", "ELAI-FAAA"), ev("place", "ELAI-IFFI"),
    ev("place", "ELAI-JOJO"), ev("end_turn"),
    ev("place", "BARI-COCO"), ev("place", "BARI-ELAI"), ev("place", "ALOA-DUDA"),
    ev("place", "DUDA-ELAI"), ev("place", "DUDA-HUNA"), ev("place", "ELAI-HUNA"),
    ev("end_turn"), ev("end_turn"),
]
W, B = "white", "black"


def kahuna(first="black", variants=(), **more):
    h = {"game": "kahuna", "layout": "kahuna", "variants": list(variants), "first": first}
    for k in more:
        h[k] = more[k]
    return game(h)


def owners(state, *names):
    return dict((n, state["sticks"].get(n)) for n in names)


def worked_example():
    g = kahuna()
    play(g, SETUP)
    s = g.state()
    assert s["active"] == W
    assert s["stones"] == {"ALOA": B, "HUNA": B, "DUDA": W}
    steps = []
    # White 1) BARI-DUDA: majority on BARI; black ALOA-BARI goes, black loses ALOA.
    s = play(g, [ev("place", "BARI-DUDA")])[0]
    assert s["stones"] == {"BARI": W, "DUDA": W, "HUNA": B}
    assert "ALOA-BARI" not in s["sticks"] and s["sticks"]["BARI-DUDA"] == W
    steps.append(s)
    # White 2) ALOA-BARI: majority on ALOA; black ALOA-HUNA goes, black loses HUNA.
    s = play(g, [ev("place", "ALOA-BARI")])[0]
    assert s["stones"] == {"ALOA": W, "BARI": W, "DUDA": W}
    assert "ALOA-HUNA" not in s["sticks"]
    steps.append(s)
    steps.append(play(g, [ev("end_turn")])[0])
    # Black 1) removes white HUNA-ELAI (two HUNA cards).
    s = play(g, [ev("remove", "ELAI-HUNA")])[0]
    assert "ELAI-HUNA" not in s["sticks"]
    assert s["stones"] == {"ALOA": W, "BARI": W, "DUDA": W}
    steps.append(s)
    # Black 2) places HUNA-ELAI: majorities on HUNA and ELAI; white loses
    # HUNA-DUDA, DUDA-ELAI, ELAI-BARI and with them the stone on DUDA.
    s = play(g, [ev("place", "ELAI-HUNA")])[0]
    assert s["stones"] == {"ALOA": W, "BARI": W, "ELAI": B, "HUNA": B}
    assert owners(s, "DUDA-HUNA", "DUDA-ELAI", "BARI-ELAI") == {
        "DUDA-HUNA": None, "DUDA-ELAI": None, "BARI-ELAI": None}
    assert s["sticks"] == {
        "ALOA-BARI": W, "ALOA-DUDA": W, "BARI-COCO": W, "BARI-DUDA": W,
        "ELAI-FAAA": B, "ELAI-HUNA": B, "ELAI-IFFI": B, "ELAI-JOJO": B,
        "HUNA-IFFI": B, "HUNA-LALE": B}
    steps.append(s)
    return steps


def refusals():
    g = kahuna(first="white")
    play(g, [ev("place", "ALOA-BARI"), ev("end_turn")])
    return [
        refused(g, ev("place", "ALOA-BARI")),
        refused(g, ev("remove", "ALOA-DUDA")),
        refused(g, ev("place", "NOPE-BARI")),
        refused(g, ev("fly")),
        refused(g, {"op": "place"}),
    ]


def last(g, events):
    return play(g, events)[-1]


def scoring_paths():
    """Round 1: 1 point, round 2: 2 points, final: the stone difference."""
    g = kahuna(first="white")
    s = last(g, [ev("place", "ALOA-BARI"), ev("place", "ALOA-DUDA"), ev("end_turn"),
                 ev("place", "KAHU-LALE"), ev("end_round")])
    assert (s["round"], s["active"], s["score"]) == (2, W, {W: 1, B: 0})
    s = last(g, [ev("end_turn"), ev("place", "IFFI-LALE"), ev("place", "GOLA-KAHU"),
                 ev("place", "COCO-KAHU"), ev("end_round")])
    assert s["stones"] == {"ALOA": W, "LALE": B, "KAHU": B}
    assert (s["round"], s["active"], s["score"]) == (3, W, {W: 1, B: 2})
    s = last(g, [ev("end_round")])  # white takes the last card: final turns
    assert (s["round"], s["active"], s["over"]) == (3, B, False)
    reason = refused(g, ev("end_round"))
    s = last(g, [ev("end_turn")])
    assert (s["active"], s["over"]) == (W, False)
    s = last(g, [ev("end_turn")])
    assert s["score"] == {W: 1, B: 3} and s["over"] and s["winner"] == B
    assert g.decided_by() == "points"
    after = refused(g, ev("end_turn"))
    return {"final": s, "end_round_in_final_turns": reason, "after_over": after}


def tie_breaks():
    out = {}
    # Totals 1-1 (white round 1, black final); black scored in the final: black wins.
    g = kahuna(first="white")
    s = last(g, [ev("place", "ALOA-BARI"), ev("place", "ALOA-DUDA"), ev("end_turn"),
                 ev("place", "KAHU-LALE"), ev("end_round"),
                 ev("end_turn"), ev("place", "IFFI-LALE"), ev("end_round")])
    assert s["score"] == {W: 1, B: 0} and s["stones"] == {"ALOA": W, "LALE": B}
    s = last(g, [ev("end_turn"), ev("place", "GOLA-KAHU"), ev("place", "COCO-KAHU"),
                 ev("end_round"), ev("end_turn"), ev("end_turn")])
    assert s["score"] == {W: 1, B: 1} and s["winner"] == B and s["over"]
    assert g.decided_by() == "final scoring"
    out["final_scoring"] = s
    # No scoring ever differs: more sticks wins, then a draw.
    for extra, winner, how in ((["ELAI-JOJO"], W, "sticks on the board"), ([], "draw", "draw")):
        g = kahuna(first="white")
        events = [ev("place", "ALOA-BARI")] + [ev("place", c) for c in extra] + [
            ev("end_turn"), ev("place", "KAHU-LALE"), ev("end_round"),
            ev("end_round"), ev("end_round"), ev("end_turn"), ev("end_turn")]
        s = last(g, events)
        assert s["score"] == {W: 0, B: 0} and s["winner"] == winner and g.decided_by() == how
        out[how] = s
    return out


def early_end():
    out = {}
    # Round 1: the last stick may go; nothing ends.
    g = kahuna(first="white")
    s = last(g, [ev("place", "ALOA-BARI"), ev("end_turn"), ev("place", "KAHU-LALE"),
                 ev("end_turn"), ev("remove", "KAHU-LALE")])
    assert not s["over"]
    out["round1"] = s
    # ...but the 1st scoring then ends it at once: black has no stick.
    s = last(g, [ev("end_round")])
    assert s["over"] and s["winner"] == W and s["round"] == 2 and s["score"] == {W: 0, B: 0}
    out["at_first_scoring"] = s
    # Round 2: a removal of the last stick wins at once, mid-turn.
    g = kahuna(first="white")
    s = last(g, [ev("place", "ALOA-BARI"), ev("end_turn"), ev("place", "KAHU-LALE"),
                 ev("end_round"), ev("remove", "KAHU-LALE")])
    assert s["over"] and s["winner"] == W and s["active"] == W and s["round"] == 2
    out["round2_remove"] = s
    # Round 3: a capture that takes the last sticks wins too.
    g = kahuna(first="white")
    s = last(g, [ev("place", "ALOA-BARI"), ev("end_turn"), ev("place", "ALOA-HUNA"),
                 ev("end_round"), ev("end_turn"), ev("end_round"),
                 ev("place", "ALOA-DUDA")])
    assert s["over"] and s["winner"] == W and s["round"] == 3
    assert s["sticks"] == {"ALOA-BARI": W, "ALOA-DUDA": W} and s["stones"] == {"ALOA": W}
    out["round3_capture"] = s
    # An undo after the end takes the winning move back.
    s = last(g, [ev("undo")])
    assert not s["over"] and s["winner"] is None and s["sticks"] == {"ALOA-BARI": W, "ALOA-HUNA": B}
    out["undo_after_end"] = s
    return out


def variant1_and_supply():
    out = {}
    g = kahuna(first="white", variants=["variant1"])
    play(g, [ev("place", "ALOA-BARI"), ev("place", "ALOA-DUDA"), ev("end_turn")])
    out["next_to_stone"] = refused(g, ev("place", "ALOA-HUNA"))
    s = last(g, [ev("place", "HUNA-LALE"), ev("remove", "ALOA-BARI")])
    # ALOA lost its white stone: the freed connection may be taken again.
    s = last(g, [ev("place", "ALOA-BARI")])
    assert s["sticks"]["ALOA-BARI"] == B
    out["replaced"] = s
    g = kahuna(first="white")
    names = g.board.conn_names
    play(g, [ev("place", names[k]) for k in range(25)])
    assert len(g.state()["sticks"]) == 25
    out["supply"] = refused(g, ev("place", names[25]))
    return out


def handicap():
    g = kahuna(first="white", handicap="black")
    s = g.state()
    assert (s["active"], s["round"]) == (B, 1)
    s = last(g, [ev("place", "ALOA-BARI"), ev("place", "ALOA-DUDA"), ev("place", "KAHU-LALE")])
    assert s["stones"] == {"ALOA": B} and s["active"] == B
    reasons = [refused(g, ev("place", "IFFI-LALE")), refused(g, ev("end_round"))]
    s = last(g, [ev("end_turn")])
    assert s["active"] == W and len(s["sticks"]) == 3
    g2 = kahuna(first="white", handicap="white")
    reasons.append(refused(g2, ev("remove", "ALOA-BARI")))
    return {"state": s, "reasons": reasons}


def undo_everything():
    """Undo steps back over every kind of event, to the very start."""
    g = kahuna(first="white")
    events = SETUP + [ev("place", "BARI-DUDA"), ev("end_round"), ev("remove", "BARI-COCO"),
                      ev("end_turn")]
    history = [g.state()] + play(g, events)
    back = []
    for _ in events:
        g.apply(ev("undo"))
        back.append(g.state())
    back.reverse()
    assert all_rules(back) == all_rules(history[:-1])
    g.apply(ev("undo"))  # nothing left to take back: no change
    assert rules(g.state()) == rules(history[0])
    return back[-3:]


def lot():
    from companion.core.kahuna import draw_start_player
    firsts = [draw_start_player(seed) for seed in range(20)]
    assert W in firsts and B in firsts
    g = kahuna(first="lot", seed=5)
    assert g.state()["active"] == draw_start_player(5)
    return firsts


def run_all():
    return {"worked_example": worked_example(), "refusals": refusals(),
            "scoring_paths": scoring_paths(), "tie_breaks": tie_breaks(),
            "early_end": early_end(), "variant1_and_supply": variant1_and_supply(),
            "handicap": handicap(), "undo_everything": undo_everything(), "lot": lot()}
