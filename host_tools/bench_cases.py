"""The events `companion bench` measures, per game: a small table of scripts.

A case is (name, events that reach the position, the measured event).
Events are written "op at" (e.g. "place ALOA-BARI") or as dicts for ops
with other fields. To bench a new game, add an entry to GAMES; cases whose
game module does not exist yet are skipped (see available()).
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
}


def event(e):
    """'place ALOA-BARI' -> {"op": "place", "at": "ALOA-BARI"}; dicts pass through."""
    if isinstance(e, dict):
        return e
    parts = e.split(" ", 1)
    d = {"op": parts[0]}
    if len(parts) == 2:
        d["at"] = parts[1]
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
