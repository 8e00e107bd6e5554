"""The events `companion bench` measures, per game: a small table of scripts.

A case is (name, events that reach the position, the measured event); an
"undo" case's events end with the event it takes back (the bench re-applies
it between timed repetitions).
Events are short strings: "op" then either one bare word, the "at" field
("place ALOA-BARI"), or key=value words ("move from=-4,0 to=1,0"; numbers
become ints). To bench a new game, add an entry to GAMES; games whose core
module does not exist (yet) are skipped (see available()).
"""

import importlib

# The rule sheets' worked example (RULES.md section 1), black starting.
KAHUNA_EXAMPLE = [
    "place ALOA-BARI", "place ALOA-HUNA", "place HUNA-IFFI", "place HUNA-LALE",
    "place ELAI-FAAA", "place ELAI-IFFI", "place ELAI-JOJO", "end_turn",
    "place BARI-COCO", "place BARI-ELAI", "place ALOA-DUDA", "place DUDA-ELAI",
    "place DUDA-HUNA", "place ELAI-HUNA", "end_turn", "end_turn",
    "place BARI-DUDA",   # 16: white takes BARI, black loses ALOA-BARI and ALOA
    "place ALOA-BARI",   # 17
    "end_turn",          # 18
    "remove ELAI-HUNA",  # 19: black removes a white stick
    "place ELAI-HUNA",   # 20: the cascade: two islands, three sticks, one stone
]
W = KAHUNA_EXAMPLE

# Twelve Rukuni turns from the start (a seeded random game), then a move and a set.
RUKUNI_GAME = (
    "move from=-4,0 to=1,0|set at=0,1|move from=0,4 to=-2,4|set at=-1,3|move from=4,0 to=2,2|"
    "set at=1,3|move from=-2,4 to=-2,-1|set at=-1,-1|move from=-2,-1 to=-4,1|set at=-3,1|"
    "move from=-4,4 to=-3,3|set at=-3,2|move from=-4,1 to=-4,3|set at=-4,2|"
    "move from=4,-4 to=2,-4|set at=2,-3|move from=2,2 to=2,0|set at=2,1|move from=2,0 to=3,-1|"
    "set at=2,-1|move from=-3,3 to=-1,1|set at=-1,0|move from=1,0 to=2,0|set at=1,1|"
    "move from=2,-4 to=3,-4|set at=3,-3").split("|")
R = RUKUNI_GAME


# A three-player Kanaloa game (a seeded random player); its last place captures KAIA.
KANALOA_GAME = (
    "end_turn|place HANA-KULU|end_turn|place MAKA-WAIA|end_turn|place HANA-HOKU|end_turn|"
    "place NALU-PAPA|place KULU-LANI|place IWAI-ORO|end_turn|end_turn|end_turn|place PAPA-WAIA|"
    "place AKAU-HALA|place HALA-ORO|end_turn|end_turn|end_turn|place LANI-PAPA|end_turn|"
    "place DALI-LANI|end_turn|end_turn|end_turn|end_turn|place HOKU-KAIA|end_turn|end_turn|"
    "place KAIA-PAPA|place IWAI-KAIA|place LANI-NALU|place HALA-IWAI|place KAIA-NALU").split("|")
K = KANALOA_GAME


def _duell_basic():
    """Duell's basic board (tests/scenarios/duell_scenarios.py BASIC): Bison's
    k+1 and Wolf's (k+1) % 9 + 1 on site k, in the placing order BWWBBWW..."""
    nb = nw = 0
    out = []
    for who in "BWWBBWWBBWWBBWWBBW":
        if who == "B":
            k, value, nb = nb, nb + 1, nb + 1
        else:
            k, value, nw = nw, (nw + 1) % 9 + 1, nw + 1
        out.append("put player=%s at=%d,%d value=%d" % ("bison" if who == "B" else "wolf", k // 3, k % 3, value))
    return out


D = _duell_basic()

# Kahuna with the digital deck (seed 1, black first): two sticks, then draws
# (and give-backs at the hand limit) until the last card; C[:31] ends just
# before the draw that takes the last face-up card: round 1's scoring and
# the reshuffle of the discards.
KAHUNA_CARDS_GAME = [
    "place COCO-GOLA card=GOLA", "place COCO-KAHU card=KAHU", "draw from=pile",
    "place BARI-ELAI card=ELAI", "draw from=pile"] + ["draw from=pile"] * 5 + [
    "discard card=ALOA", "draw from=pile", "discard card=ALOA", "draw from=pile",
    "discard card=FAAA", "draw from=pile", "discard card=DUDA", "draw from=pile",
    "discard card=BARI", "draw from=pile", "discard card=BARI", "draw from=pile",
    "discard card=HUNA", "draw from=pile", "discard card=DUDA", "draw from=pile",
    "discard card=GOLA", "draw card=FAAA", "discard card=ELAI", "draw card=COCO",
    "discard card=FAAA", "draw card=COCO"]
C = KAHUNA_CARDS_GAME

GAMES = {
    "kahuna": {
        "module": "companion.core.kahuna",
        "header": {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"},
        "cases": [
            ("place", [], W[0]),
            ("place_capture", W[:20], W[20]),
            ("remove", W[:19], W[19]),
            ("end_turn", W[:7], W[7]),
            ("end_round", W[:16], "end_round"),  # scores round 1
            ("undo", W[:21], "undo"),            # takes back the cascade
        ],
    },
    "kahuna_cards": {
        "module": "companion.core.kahuna_cards",
        "header": {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black",
                   "cards": "digital", "seed": 1},
        "cases": [
            ("place_card", [], C[0]),
            ("draw_pile", C[:2], C[2]),
            ("discard", C[:10], C[10]),
            ("draw_face", C[:27], C[27]),
            ("draw_round_end", C[:31], C[31]),  # scoring and the reshuffle
            ("undo", C[:4], "undo"),
        ],
    },
    "rukuni": {
        "module": "companion.core.rukuni",
        "header": {"game": "rukuni", "layout": "rukuni", "first": "white"},
        "cases": [
            ("move", R[:24], R[24]),
            ("set", R[:25], R[25]),
            ("undo", R, "undo"),
        ],
    },
    "kanaloa": {
        "module": "companion.core.kanaloa",
        "header": {"game": "kanaloa", "layout": "kanaloa", "players": ["red", "blue", "green"],
                   "first": "red", "seed": 7},
        "cases": [
            ("place", K[:1], K[1]),
            ("place_capture", K[:33], K[33]),
            ("end_turn", K[:10], K[10]),
            ("end_round", K, "end_round"),
            ("undo", K, "undo"),  # takes back the capture
        ],
    },
    "duell": {
        "module": "companion.core.duell",
        "header": {"game": "duell", "layout": "duell", "variants": []},
        "cases": [
            ("put", D[:9], D[9]),               # checks the board can still be completed
            ("put_last", D[:17], D[17]),
            ("mask", D, "mask player=wolf choice=2"),
            ("duel", D + ["mask player=wolf choice=2"], "mask player=bison choice=2"),
            ("swap", D + ["mask player=wolf choice=2", "mask player=bison choice=2"], "swap a=0,0 b=1,1"),
            ("undo", D + ["mask player=wolf choice=2", "mask player=bison choice=2"], "undo"),
        ],
    },
}


def event(e):
    """'place ALOA-BARI' -> {"op": "place", "at": "ALOA-BARI"}; "value=3" -> 3."""
    if isinstance(e, dict):
        return e
    words = e.split()
    d = {"op": words[0]}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq:
            key, value = "at", w
        d[key] = int(value) if value.lstrip("-").isdigit() else value
    return d


def available(names=None):
    """The games of GAMES (or of `names`) whose core module exists."""
    out = []
    for name in names or GAMES:
        try:
            importlib.import_module(GAMES[name]["module"])
        except ImportError:
            continue
        out.append(name)
    return out


def cases(game, only=None):
    """[(name, header, setup events, measured event)] as plain dicts."""
    spec = GAMES[game]
    out = []
    for name, setup, measured in spec["cases"]:
        if only and name not in only:
            continue
        out.append((name, spec["header"], [event(e) for e in setup], event(measured)))
    return out
