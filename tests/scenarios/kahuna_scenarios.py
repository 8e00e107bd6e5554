"""Kahuna scenarios with exact expected states (RULES.md section 1)."""

from .common import ev, game, play, refused

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


def run_all():
    return {"worked_example": worked_example(), "refusals": refusals()}
