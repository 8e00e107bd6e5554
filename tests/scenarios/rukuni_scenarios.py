"""Rukuni scenarios with exact expected states (RULES.md section 3).

Positions are drawn on axial coordinates "q,r": r grows downwards, q to the
right; the six directions from a cell are (1,0) (1,-1) (0,-1) (-1,0) (-1,1)
(0,1), the order in which move hints list destinations. Special positions
start from a header "position" (towers and stones), as a log can.
"""

from .common import ev, game, play, refused, rules, all_rules

W, B = "white", "black"
CORNERS = ["0,-4", "4,-4", "-4,0", "4,0", "-4,4", "0,4"]  # in board order


def rukuni(first="white", position=None):
    h = {"game": "rukuni", "layout": "rukuni", "first": first}
    if position is not None:
        h["position"] = position
    return game(h)


def move(a, b):
    return {"op": "move", "from": a, "to": b}


def names(g, cells):
    return [g.board.names[c] for c in cells]


def hints(g, tower):
    buf = bytearray(g.ncell)
    return names(g, buf[:g.destinations(g.board.cell(tower), buf)])


def stone_hints(g):
    buf = bytearray(g.ncell)
    return names(g, buf[:g.stone_cells(buf)])


def row(r):
    return ["%d,%d" % (q, r) for q in range(max(-4, -4 - r), min(4, 4 - r) + 1)]


def opening():
    g = rukuni()
    s = g.state()
    assert s == {"active": W, "phase": "move", "towers": CORNERS, "stones": {},
                 "supply": {W: 25, B: 25}, "score": {W: 0, B: 0}, "largest": {W: 0, B: 0},
                 "over": False, "winner": None, "todo": {"off": [], "on": []}}
    # A corner tower: three lines along two edges and one through the centre.
    top = hints(g, "0,-4")
    assert top == ["1,-4", "2,-4", "3,-4", "-1,-3", "-2,-2", "-3,-1",
                   "0,-3", "0,-2", "0,-1", "0,0", "0,1", "0,2", "0,3"]
    counts = [len(hints(g, c)) for c in CORNERS]
    assert counts == [13] * 6
    s1 = play(g, [move("0,-4", "0,0")])[0]
    assert s1["phase"] == "set" and s1["active"] == W and "0,0" in s1["towers"]
    around = stone_hints(g)
    assert around == ["1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1"]
    s2 = play(g, [ev("set", "1,0")])[0]
    assert s2["stones"] == {"1,0": W} and s2["active"] == B and s2["phase"] == "move"
    assert s2["supply"] == {W: 24, B: 25} and s2["score"] == {W: 1, B: 0}
    return {"top": top, "counts": counts, "around": around, "after": s2}


def edge():
    """A tower in the middle of an edge: lines run off the board or end on it."""
    g = rukuni(position={"towers": ["4,-2", "-4,0", "-4,4", "0,4", "0,-4", "-2,2"], "stones": {}})
    got = hints(g, "4,-2")
    assert got == ["4,-3", "4,-4", "3,-2", "2,-2", "1,-2", "0,-2", "-1,-2", "-2,-2",
                   "3,-1", "2,0", "1,1", "0,2", "-1,3", "-2,4", "4,-1", "4,0"]
    return got


BLOCKED = {"towers": ["0,0", "4,-4", "-4,0", "0,4", "-4,4", "4,0"],
           "stones": {"2,0": W, "0,-1": B, "-2,0": B}}


def blocked():
    """Stones and towers stop a line; the refusals say why."""
    g = rukuni(position=BLOCKED)
    got = hints(g, "0,0")
    assert got == ["1,0", "1,-1", "2,-2", "3,-3", "-1,0", "-1,1", "-2,2", "-3,3", "0,1", "0,2", "0,3"]
    reasons = [
        refused(g, move("0,0", "3,0")),
        refused(g, move("0,0", "2,0")),
        refused(g, move("0,0", "4,-4")),
        refused(g, move("0,4", "0,-3")),
        refused(g, move("0,0", "1,1")),
        refused(g, move("1,1", "2,1")),
        refused(g, move("0,0", "0,0")),
        refused(g, move("0,0", "9,9")),
        refused(g, ev("set", "1,0")),
    ]
    assert reasons[0] == "the way from 0,0 to 3,0 is blocked at 2,0"
    assert reasons[1] == "2,0 is taken: a tower ends on a free cell"
    assert reasons[2] == "4,-4 is taken: a tower ends on a free cell"
    assert reasons[3] == "the way from 0,4 to 0,-3 is blocked at 0,0"
    assert reasons[4] == "1,1 is not on a straight line from 0,0"
    assert reasons[5] == "no tower stands on 1,1"
    assert reasons[6] == "a tower must move at least one cell"
    assert reasons[7].startswith("unknown cell '9,9'")
    assert reasons[8] == "first move a tower, then set a stone next to it"
    play(g, [move("0,0", "0,2")])
    reasons += [
        refused(g, ev("set", "1,0")),
        refused(g, ev("set", "2,0")),
        refused(g, move("4,0", "3,0")),
    ]
    assert reasons[9] == "1,0 is not next to the tower just moved (on 0,2)"
    assert reasons[10] == "2,0 is taken: a stone goes on a free cell"
    assert reasons[11] == "first set a white stone next to the tower on 0,2"
    return {"hints": got, "reasons": reasons}


def pocket():
    """A tower moves one cell into a pocket: the only free cell next to it is
    the one it left, so the stone must go there, and then nothing can move."""
    g = rukuni(position={"towers": ["0,-4", "1,-4", "2,-4", "3,-4", "4,-4", "4,-3"],
                         "stones": {"-1,-3": W, "0,-3": W, "1,-3": B, "2,-3": B, "3,-3": B,
                                    "3,-2": W, "3,-1": W, "4,-1": W}})
    assert [len(hints(g, c)) for c in ("0,-4", "1,-4", "2,-4", "3,-4", "4,-4")] == [0] * 5
    assert hints(g, "4,-3") == ["4,-2"]
    play(g, [move("4,-3", "4,-2")])
    assert stone_hints(g) == ["4,-3"]
    return stone_hints(g)


SCORING = {"towers": ["0,0", "3,0", "4,-4", "-4,4", "0,4", "-4,0"],
           "stones": {"1,0": W, "2,0": W, "-1,0": W, "-2,-1": W,
                      "0,1": B, "-1,1": B, "4,-1": B, "4,-2": B, "4,-3": B}}


def scoring():
    """Shared towers, a group touching one tower twice, a group touching none."""
    g = rukuni(position=SCORING)
    s = g.state()
    # white: {1,0 2,0} x {0,0 3,0} = 4, {-1,0} x {0,0} = 1, {-2,-1} x {} = 0
    # black: {0,1 -1,1} x {0,0} = 2, {4,-1 4,-2 4,-3} x {3,0 4,-4} = 6
    assert s["score"] == {W: 5, B: 8}
    assert s["supply"] == {W: 21, B: 20}
    groups = g.groups()
    # in board order of their first cell (rows top down, serpentine)
    assert groups == [
        {"player": B, "cells": ["4,-3", "4,-2", "4,-1"], "towers": 2, "score": 6},
        {"player": W, "cells": ["-2,-1"], "towers": 0, "score": 0},
        {"player": W, "cells": ["-1,0"], "towers": 1, "score": 1},
        {"player": W, "cells": ["1,0", "2,0"], "towers": 2, "score": 4},
        {"player": B, "cells": ["0,1", "-1,1"], "towers": 1, "score": 2}]
    play(g, [move("3,0", "3,1")])
    assert stone_hints(g) == ["4,0", "3,0", "2,1", "2,2"]
    # the stone on 3,0 joins {1,0 2,0}: 3 x {0,0 3,1} = 6; black's line loses 3,0: 3 x 1
    s2 = play(g, [ev("set", "3,0")])[0]
    assert s2["score"] == {W: 7, B: 5}
    return {"start": s, "groups": groups, "after": s2}


def _end_position(colours):
    """The pocket position, stones coloured by `colours` (8 letters W/B)."""
    cells = ["-1,-3", "0,-3", "1,-3", "2,-3", "3,-3", "3,-2", "3,-1", "4,-1"]
    stones = {}
    for k in range(len(cells)):
        stones[cells[k]] = W if colours[k] == "W" else B
    g = rukuni(position={"towers": ["0,-4", "1,-4", "2,-4", "3,-4", "4,-4", "4,-3"], "stones": stones})
    return play(g, [move("4,-3", "4,-2"), ev("set", "4,-3")])[-1], g


def ends_by_no_move():
    """White's last move encloses every tower: black cannot move, the game ends."""
    # all white: one group of 9 touching all 6 towers
    s, g = _end_position("WWWWWWWW")
    assert s["over"] and s["phase"] == "over" and s["active"] == B
    assert s["score"] == {W: 54, B: 0} and s["winner"] == W and g.decided_by() == "points"
    out = {"points": s}
    # white {-1,-3 0,-3} x 2 towers = 4, {4,-3 3,-2 3,-1 4,-1} x 2 = 8;
    # black {1,-3 2,-3 3,-3} x 4 = 12: a tie on points, white's group of 4 beats 3
    s, g = _end_position("WWBBBWWW")
    assert s["score"] == {W: 12, B: 12} and s["largest"] == {W: 4, B: 3}
    assert s["winner"] == W and g.decided_by() == "largest group"
    out["largest"] = s
    # white {2,-3 3,-3 4,-3} x 4 = 12; black {-1,-3 0,-3 1,-3} x 3 = 9,
    # {3,-2 3,-1 4,-1} x 1 = 3: 12 each, largest 3 each: a draw
    s, g = _end_position("BBBWWBBB")
    assert s["score"] == {W: 12, B: 12} and s["largest"] == {W: 3, B: 3}
    assert s["winner"] == "draw" and g.decided_by() == "draw"
    out["draw"] = s
    out["after_end"] = refused(g, move("0,-4", "0,-3"))
    assert out["after_end"].startswith("the game is over")
    return out


def last_stones_position():
    """24 stones each; towers on the top row and 1 cell below; rows of stones."""
    stones = {}
    colour = {-2: W, -1: B, 0: W, 1: B, 2: W, 3: B}
    for r in range(-2, 4):
        for c in row(r):
            if c not in ("3,-2", "4,-2"):
                stones[c] = colour[r]
    for c in row(4):
        stones[c] = W if c in ("-4,4", "-3,4", "-2,4") else B
    return {"towers": ["0,-4", "1,-4", "2,-4", "3,-4", "4,-4", "-1,-3"], "stones": stones}


LAST_STONES = [move("4,-4", "4,-2"), ev("set", "3,-2"), move("0,-4", "0,-3"), ev("set", "1,-3")]


def ends_by_stones():
    g = rukuni(position=last_stones_position())
    s0 = g.state()
    assert s0["supply"] == {W: 1, B: 1} and s0["score"] == {W: 5, B: 0}
    steps = play(g, LAST_STONES)
    # white's row -2 with 3,-2: 6 x {-1,-3 4,-2} = 12; black's row -1 touches 4,-2: 8
    assert steps[1]["score"] == {W: 12, B: 8} and not steps[1]["over"]
    s = steps[-1]
    # white's row gains 0,-3: 6 x 3 = 18; black 1,-3 alone touches 1,-4 2,-4 0,-3: 3
    assert s["score"] == {W: 18, B: 11} and s["largest"] == {W: 9, B: 8}
    assert s["supply"] == {W: 0, B: 0} and s["over"] and s["winner"] == W
    assert s["towers"] == ["1,-4", "2,-4", "3,-4", "0,-3", "-1,-3", "4,-2"]
    assert len(s["stones"]) == 50
    return s


def undo():
    g = rukuni()
    s0 = g.state()
    s1 = play(g, [move("4,0", "1,0")])[0]
    s2 = play(g, [ev("set", "1,1")])[0]
    assert s2["stones"] == {"1,1": W} and s2["active"] == B
    back1 = play(g, [ev("undo")])[0]
    back0 = play(g, [ev("undo")])[0]
    assert rules(back1) == rules(s1) and rules(back0) == rules(s0)
    # UNDO moves no piece: the stone and the tower are still to be set back
    assert back1["todo"] == {"off": ["1,1"], "on": []}
    assert back0["todo"] == {"off": ["1,0", "1,1"], "on": ["4,0"]}
    assert play(g, [ev("undo")])[0] == back0  # nothing left to take back
    # undo after the end resumes the game
    s, g = _end_position("WWWWWWWW")
    resumed = play(g, [ev("undo")])[0]
    assert not resumed["over"] and resumed["phase"] == "set" and resumed["winner"] is None
    return {"set": s1, "resumed": resumed}


# --- a plain reference, written from the rules and not from the core --------

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def coords(name):
    q, r = name.split(",")
    return int(q), int(r)


def on_board(q, r):
    return -4 <= q <= 4 and -4 <= r <= 4 and -4 <= -q - r <= 4


def neighbours(name):
    q, r = coords(name)
    return ["%d,%d" % (q + dq, r + dr) for dq, dr in DIRS if on_board(q + dq, r + dr)]


def reference_score(state):
    """(points, largest group) per player, by flood fill over names."""
    stones = state["stones"]
    towers = state["towers"]
    points = {W: 0, B: 0}
    largest = {W: 0, B: 0}
    seen = {}
    for start in stones:
        if start in seen:
            continue
        colour = stones[start]
        group = [start]
        seen[start] = True
        i = 0
        while i < len(group):
            for m in neighbours(group[i]):
                if stones.get(m) == colour and m not in seen:
                    seen[m] = True
                    group.append(m)
            i += 1
        touching = {}
        for c in group:
            for m in neighbours(c):
                if m in towers:
                    touching[m] = True
        points[colour] += len(group) * len(touching)
        largest[colour] = max(largest[colour], len(group))
    return points, largest


def reference_moves(state):
    """Every legal (from, to) for the player to move, from coordinates alone."""
    taken = {}
    for c in state["towers"]:
        taken[c] = True
    for c in state["stones"]:
        taken[c] = True
    out = []
    for t in state["towers"]:
        q, r = coords(t)
        for dq, dr in DIRS:
            k = 1
            while on_board(q + k * dq, r + k * dr) and "%d,%d" % (q + k * dq, r + k * dr) not in taken:
                out.append((t, "%d,%d" % (q + k * dq, r + k * dr)))
                k += 1
    return out


def check_invariants(g, s):
    """What must hold after every event; returns the legal moves (move phase)."""
    assert len(s["towers"]) == 6 and not [c for c in s["towers"] if c in s["stones"]]
    for p in (W, B):
        assert len([c for c in s["stones"] if s["stones"][c] == p]) == 25 - s["supply"][p]
    points, largest = reference_score(s)
    assert s["score"] == points and s["largest"] == largest
    moves = reference_moves(s)
    hinted = []
    for t in s["towers"]:
        hinted += [(t, c) for c in hints(g, t)]
    assert sorted(hinted) == sorted(moves)
    if s["phase"] == "set":
        assert stone_hints(g), "a move must leave a free cell next to the tower"
    stones_out = s["supply"][W] == 0 and s["supply"][B] == 0
    assert s["over"] == (s["phase"] != "set" and (stones_out or not moves))
    if s["over"]:
        p, q = s["score"][W], s["score"][B]
        if p == q:
            p, q = s["largest"][W], s["largest"][B]
        assert s["winner"] == (W if p > q else (B if q > p else "draw"))
    else:
        assert s["winner"] is None
    return moves


def random_game(seed, check=True):
    """A seeded game to its end (the core's Rng: the same under both
    interpreters), checked after every event; then undone to the start."""
    from companion.core.rng import Rng

    rng = Rng(seed)
    g = game({"game": "rukuni", "layout": "rukuni", "first": "lot", "seed": seed})
    states = [g.state()]
    events = []
    while not states[-1]["over"]:
        s = states[-1]
        if s["phase"] == "move":
            moves = check_invariants(g, s) if check else reference_moves(s)
            a, b = moves[rng.below(len(moves))]
            e = move(a, b)
        else:
            cells = stone_hints(g)
            e = ev("set", cells[rng.below(len(cells))])
        g.apply(e)
        events.append(e)
        states.append(g.state())
    if check:
        check_invariants(g, states[-1])
    for k in range(len(events) - 1, -1, -1):
        g.apply(ev("undo"))
        assert rules(g.state()) == rules(states[k]), "undo did not restore the state before event %d" % k
    return {"events": len(events), "end": states[-1]}


def headers():
    return [
        rukuni(first="black").state()["active"],
        game({"game": "rukuni", "first": "lot", "seed": 7}).state()["active"],
    ]


def run_all():
    return {"opening": opening(), "edge": edge(), "blocked": blocked(), "pocket": pocket(),
            "scoring": scoring(), "ends_by_no_move": ends_by_no_move(),
            "ends_by_stones": ends_by_stones(), "undo": undo(), "headers": headers(),
            "random_game": random_game(2)}
