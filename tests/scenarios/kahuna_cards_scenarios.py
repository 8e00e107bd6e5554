"""Kahuna with the digital deck: every card rule, with exact expected states
(RULES.md section 1, "Cards"; docs/rules.md "The digital deck")."""

from .common import ev, game, play, refused

W, B = "white", "black"


def deck(seed, first="white", variants=(), **more):
    h = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed,
         "first": first, "variants": list(variants)}
    for k in more:
        h[k] = more[k]
    return game(h)


def cards(g):
    return g.state()["cards"]


def pile_order(g):
    names = g.board.island_names
    return [names[g.s[g.PILE + k]] for k in range(g.pile_size())]


def deal():
    g = deck(1)
    c = cards(g)
    assert c["hands"] == {W: {"ELAI": 1, "FAAA": 1, "HUNA": 1}, B: {"GOLA": 1, "KAHU": 1, "LALE": 1}}
    assert c["face_up"] == ["FAAA", "COCO", "COCO"]
    assert (c["pile"], c["discard"], c["discard_top"]) == (15, 0, None)
    assert pile_order(g)[-3:] == ["JOJO", "ALOA", "DUDA"]  # top last
    assert g.card_total() == 24
    other = deck(2)
    assert cards(other)["hands"] != c["hands"]  # the seed shuffles
    return {"cards": c, "pile": pile_order(g), "other": cards(other)}


def play_and_draw():
    g = deck(1)
    reasons = [
        refused(g, ev("place", "BARI-COCO", card="FAAA")),  # the card must name an end island
        refused(g, ev("place", "GOLA-KAHU", card="GOLA")),  # not in white's hand
        refused(g, ev("place", "ELAI-FAAA")),  # no card named
        refused(g, ev("end_round")),  # the round ends by itself
        refused(g, ev("draw")),
        refused(g, ev("draw", card="GOLA")),  # not face up
    ]
    s = play(g, [ev("place", "ELAI-FAAA", card="ELAI")])[0]
    assert s["sticks"] == {"ELAI-FAAA": W}
    assert s["cards"]["hands"][W] == {"FAAA": 1, "HUNA": 1}
    assert (s["cards"]["discard"], s["cards"]["discard_top"], s["cards"]["played"]) == (1, "ELAI", 1)
    reasons.append(refused(g, ev("discard", card="HUNA")))  # played a card: no giving back
    s = play(g, [ev("place", "FAAA-GOLA", card="FAAA")])[0]
    assert (s["cards"]["discard"], s["cards"]["discard_top"]) == (2, "FAAA")
    # a face-up COCO: the first one is taken and refilled at once from the pile (DUDA)
    s = play(g, [ev("draw", card="COCO")])[0]
    assert s["active"] == B
    assert s["cards"]["hands"][W] == {"COCO": 1, "HUNA": 1}
    assert s["cards"]["face_up"] == ["FAAA", "DUDA", "COCO"]
    assert (s["cards"]["pile"], s["cards"]["played"], s["cards"]["skipped"]) == (14, 0, False)
    assert g.sealed()
    g.apply(ev("undo"))  # the refill showed a card of the pile: the draw stays
    assert g.state() == s
    return {"reasons": reasons, "state": s}


def discard_skip_and_pile():
    g = deck(1)
    play(g, [ev("place", "ELAI-FAAA", card="ELAI"), ev("draw", card="COCO")])
    # black gives LALE back face down: under the pile, so the top stays ELAI
    s = play(g, [ev("discard", card="LALE")])[0]
    assert s["cards"]["hands"][B] == {"GOLA": 1, "KAHU": 1}
    assert (s["cards"]["discard"], s["cards"]["discard_top"]) == (2, "ELAI")
    reasons = [refused(g, ev("place", "GOLA-KAHU", card="GOLA"))]  # no play after giving back
    # undo takes the discard back (nothing of the pile was shown)
    g.apply(ev("undo"))
    assert cards(g)["hands"][B] == {"GOLA": 1, "KAHU": 1, "LALE": 1}
    s = play(g, [ev("discard", card="LALE"), ev("end_turn")])[-1]  # black skips the draw
    assert (s["active"], s["cards"]["skipped"], s["cards"]["hands"][B]) == (W, True, {"GOLA": 1, "KAHU": 1})
    reasons.append(refused(g, ev("end_turn")))  # black skipped just before: white must draw
    s = play(g, [ev("draw", **{"from": "pile"})])[0]
    assert s["cards"]["hands"][W] == {"ALOA": 1, "COCO": 1, "FAAA": 1, "HUNA": 1}
    assert (s["cards"]["pile"], s["cards"]["skipped"], s["active"]) == (13, False, B)
    before = g.state()
    g.apply(ev("undo"))
    assert g.state() == before  # a card from the pile was seen: sealed
    # black may skip again now that white drew
    s = play(g, [ev("end_turn")])[0]
    assert s["active"] == W
    return {"reasons": reasons, "state": s}


def removal():
    g = deck(20, first="black")
    assert cards(g)["hands"] == {W: {"IFFI": 2, "KAHU": 1}, B: {"ALOA": 1, "COCO": 1, "HUNA": 1}}
    play(g, [ev("place", "HUNA-IFFI", card="HUNA"), ev("end_turn")])
    reasons = [
        refused(g, ev("remove", "HUNA-IFFI", cards=["IFFI", "KAHU"])),  # KAHU is not an end
        refused(g, ev("remove", "HUNA-IFFI", cards=["IFFI"])),
        refused(g, ev("remove", "HUNA-IFFI", cards=["HUNA", "IFFI"])),  # no HUNA in hand
        refused(g, ev("remove", "ALOA-BARI", cards=["IFFI", "IFFI"])),
    ]
    s = play(g, [ev("remove", "HUNA-IFFI", cards=["IFFI", "IFFI"])])[0]
    assert s["sticks"] == {}
    assert s["cards"]["hands"][W] == {"KAHU": 1}
    assert (s["cards"]["discard"], s["cards"]["discard_top"], s["cards"]["played"]) == (3, "IFFI", 2)
    reasons.append(refused(g, ev("place", "HUNA-IFFI")))  # no variant 1: a stick costs a card
    # variant 1: the freed connection takes an own stick without a card, at once
    v = deck(20, first="black", variants=["variant1"])
    play(v, [ev("place", "HUNA-IFFI", card="HUNA"), ev("end_turn"),
             ev("remove", "HUNA-IFFI", cards=["IFFI", "IFFI"])])
    s1 = play(v, [ev("place", "HUNA-IFFI")])[0]
    assert s1["sticks"] == {"HUNA-IFFI": W} and s1["cards"]["hands"][W] == {"KAHU": 1}
    v.apply(ev("undo"))
    play(v, [ev("place", "IFFI-KAHU", card="KAHU")])
    reasons.append(refused(v, ev("place", "HUNA-IFFI")))  # only right after the remove
    return {"reasons": reasons, "state": s, "variant1": s1}


def cycle(g):
    """One turn that only moves cards: give back at 5, then draw (pile first)."""
    p = g.active()
    names = g.board.island_names
    if g.hand_size(p) >= 5:
        for i in range(12):
            if g.hand(p, i):
                g.apply(ev("discard", card=names[i]))
                break
    if g.pile_size():
        g.apply(ev("draw", **{"from": "pile"}))
    else:
        for k in range(3):
            if g.face(k) >= 0:
                g.apply(ev("draw", card=names[g.face(k)]))
                break


def hand_limit():
    g = deck(1)
    for _ in range(4):
        cycle(g)
    assert (g.hand_size(0), g.hand_size(1)) == (5, 5)
    c = cards(g)
    reasons = [refused(g, ev("draw", **{"from": "pile"})),
               refused(g, ev("draw", card=c["face_up"][0]))]
    assert g.active() == 0
    return {"reasons": reasons, "cards": c}


def round_end_and_reshuffle():
    g = deck(3, first="black")
    place_any(g)
    place_any(g)  # black: two sticks
    cycle(g)
    place_any(g)  # white: one
    turns = 1
    while g.get(0) == 1:  # ROUND
        cycle(g)
        turns += 1
    s = g.state()
    c = s["cards"]
    # the draw that took the last face-up card (pile empty) ended round 1:
    # scored (nobody has stones), discards reshuffled into the pile, 3 face up
    assert s["round"] == 2 and g.scoring_result(0) == -1
    assert c["pile"] + 3 == 24 - g.hand_size(0) - g.hand_size(1)
    assert c["discard"] == 0 and c["discard_top"] is None and None not in c["face_up"]
    # the player who took the last card has ended their turn: the other begins
    last = 1 if turns % 2 else 0  # black began; turns alternate
    assert g.active() == 1 - last
    assert g.sealed()
    while g.get(0) == 2:
        cycle(g)
    while g.phase() == 1:
        cycle(g)
    assert g.phase() == 2  # FINAL: one more turn each, no drawing
    reasons = [refused(g, ev("draw", **{"from": "pile"})),
               refused(g, ev("draw", card="ALOA"))]
    end = play(g, [ev("end_turn"), ev("end_turn")])[-1]
    # nobody ever had a stone: no points, so the sticks on the board decide
    assert end["over"] and end["winner"] == "black" and g.decided_by() == "sticks on the board"
    return {"turns": turns, "round2": s, "reasons": reasons, "end": end,
            "how": g.decided_by()}


def place_any(g):
    """The active player's first card pays for a stick on its island's first free connection."""
    b = g.board
    p = g.active()
    for i in range(12):
        if g.hand(p, i):
            for c in b.island_conns[i]:
                if not g.owner(c):
                    g.apply(ev("place", b.conn_names[c], card=b.island_names[i]))
                    return b.conn_names[c]
    return None


def variant2():
    g = deck(1, variants=["variant2"])
    s = play(g, [ev("draw", card="COCO")])[0]
    assert s["cards"]["visible"] == {W: {"COCO": 1}, B: {}}
    play(g, [ev("draw", card="COCO")])  # black takes the other face-up COCO
    s = play(g, [ev("place", "BARI-COCO", card="COCO")])[0]
    assert s["cards"]["visible"] == {W: {}, B: {"COCO": 1}}
    plain = deck(1)
    assert "visible" not in play(plain, [ev("draw", card="COCO")])[0]["cards"]
    return s["cards"]


def handicap_and_header():
    g = deck(1, handicap="black")
    s = play(g, [ev("place", "ALOA-BARI")])[0]  # handicap sticks cost no card
    assert s["cards"]["hands"][B] == {"GOLA": 1, "KAHU": 1, "LALE": 1}
    reasons = [refused(g, ev("place", "GOLA-KAHU", card="GOLA")),
               refused(g, ev("draw", **{"from": "pile"})), refused(g, ev("discard", card="GOLA"))]
    s = play(g, [ev("end_turn")])[0]
    assert s["active"] == W
    try:
        deck(1, cards="paper")
        bad = None
    except Exception as e:  # Illegal
        bad = str(e)
    assert bad
    return {"reasons": reasons, "state": s, "bad": bad}


def run_all():
    return {"deal": deal(), "play_and_draw": play_and_draw(),
            "discard_skip_and_pile": discard_skip_and_pile(), "removal": removal(),
            "hand_limit": hand_limit(), "round_end_and_reshuffle": round_end_and_reshuffle(),
            "variant2": variant2(), "handicap_and_header": handicap_and_header()}
