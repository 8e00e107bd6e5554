"""Rukuni on the simulated device: presses in, LED frames and display text out.

Runs under CPython and MicroPython alike; the asserts check exact frames,
lines and logs.
"""

import json

from companion.hal.frame import PLAYER, RED, YELLOW, DIM, STEADY, BLINK, FAST, PULSE, FLASH

from .device import Device, fresh_dir
from .rukuni_scenarios import CORNERS, move

WHITE = PLAYER
BLACK = PLAYER + 1
HEADER = {"game": "rukuni", "layout": "rukuni", "variants": [], "first": "white"}


def start(name, log=None):
    """A device with an empty store (then: menu, First = white, New game), or booted from a log."""
    path = fresh_dir(name)
    if log is not None:
        with open(path + "/current.jsonl", "w") as f:
            f.write("".join(json.dumps(x) + "\n" for x in log))
    d = Device(path, layout="rukuni")
    if log is None:
        assert not d.app.menu_open and d.app.game is not None  # a fresh board boots into a game
        assert d.open_menu().lines()[0] == "Menu: Rukuni"
        d.presses(["TURN", "MENU", "MENU", "TURN"])
    return d


def with_effect(lit, effect):
    return sorted(name for name in lit if lit[name][1] == effect)


def turn_by_presses():
    d = start("fw-rukuni-turn")
    assert d.log() == [HEADER]
    lit = d.lit()
    assert lit == dict((c, [YELLOW, STEADY]) for c in CORNERS)
    assert d.lines() == ["White: move", "      pts stones", "White    0   25", "Black    0   25", "press a tower"]
    out = {"start": d.lines()}
    # a cell before a tower: refused, flashes red
    d.press("1,0")
    assert d.lit()["1,0"] == [RED, FLASH]
    assert d.lines()[4:] == ["press the tower", "to move first,", "then where it", "goes"]
    out["no tower"] = d.lines()
    # the tower: its 13 destinations pulse
    d.press("0,-4")
    lit = d.lit()
    assert lit["0,-4"] == [YELLOW, BLINK]
    assert with_effect(lit, PULSE) == sorted(["1,-4", "2,-4", "3,-4", "-1,-3", "-2,-2", "-3,-1", "0,-3",
                                              "0,-2", "0,-1", "0,0", "0,1", "0,2", "0,3"])
    assert d.lines()[4:] == ["tower 0,-4", "13 places to go"]
    # not on a line: the core's reason, the tower stays picked
    d.press("1,1")
    assert d.lit()["1,1"] == [RED, FLASH] and d.lit()["0,-4"] == [YELLOW, BLINK]
    assert d.lines()[5:] == ["1,1 is not on a", "straight line", "from 0,-4"]
    out["not a line"] = d.lines()
    # the move: the tower's new cell blinks, the stone cells pulse white
    d.press("0,0")
    lit = d.lit()
    assert "0,-4" not in lit and lit["0,0"] == [YELLOW, BLINK]
    assert with_effect(lit, PULSE) == sorted(["1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1"])
    assert all(lit[c] == [WHITE, PULSE] for c in with_effect(lit, PULSE))
    assert d.lines()[0] == "White: set stone" and d.lines()[4:] == ["stone next to", "tower on 0,0"]
    d.press("3,0")
    assert d.lit()["3,0"] == [RED, FLASH]
    assert d.lines()[4:] == ["3,0 is not next", "to the tower", "just moved (on", "0,0)"]
    out["far"] = d.lines()
    d.press("1,0")
    assert d.lit()["1,0"] == [WHITE, STEADY] and d.lit()["0,0"] == [YELLOW, STEADY]
    assert d.lines()[:4] == ["Black: move", "      pts stones", "White    1   24", "Black    0   25"]
    # UNDO: the stone must come off the board (fast), pressing it confirms
    d.press("UNDO")
    assert d.lit()["1,0"] == [WHITE, FAST] and d.lines()[4:6] == ["Off stone 1,0", "press each/TURN"]
    d.press("1,0")
    assert "1,0" not in with_effect(d.lit(), FAST) and d.lit()["1,0"] == [WHITE, PULSE]
    d.press("-1,1")
    d.presses(["4,0", "4,0", "4,0", "1,0"])  # pick, unpick, pick again, move
    d.press("2,0")
    assert d.lit()["2,0"] == [BLACK, STEADY]
    assert d.lines()[:4] == ["White: move", "      pts stones", "White    1   24", "Black    1   24"]
    assert d.log() == [HEADER, move("0,-4", "0,0"), {"op": "set", "at": "1,0"}, {"op": "undo"},
                       {"op": "took_off", "at": "1,0"}, {"op": "set", "at": "-1,1"}, move("4,0", "1,0"), {"op": "set", "at": "2,0"}]
    out["end"] = d.lines()
    return out


def game_over_by_presses():
    """Booted from a saved game one move from the end; then the groups one by one."""
    position = {"towers": ["0,-4", "1,-4", "2,-4", "3,-4", "4,-4", "4,-3"],
                "stones": {"-1,-3": "white", "0,-3": "white", "1,-3": "black", "2,-3": "black",
                           "3,-3": "black", "3,-2": "white", "3,-1": "white", "4,-1": "white"}}
    d = start("fw-rukuni-end", [{"game": "rukuni", "layout": "rukuni", "first": "white", "position": position}])
    d.press("0,-4")
    assert d.lit()["0,-4"] == [RED, FLASH]
    no_move = d.lines()
    assert no_move[3] == "Black   15   22"  # the score stays in view, the refusal below it
    assert no_move[4:] == ["the tower on", "0,-4 is stuck:", "no free cell", "next to it"]  # every word
    d.presses(["4,-3", "4,-2", "4,-3"])
    assert d.lines() == ["Game over", "      pts stones", "White   12   19", "Black   12   22",
                         "White wins", "by largest group", "TURN: groups"]
    out = {"no move": no_move, "over": d.lines()}
    # TURN shows the groups one by one (the rest of the stones dim), then the result again
    expected = [
        (["Grp 1/3 Black", "3x4 towers=12"], BLACK, ["1,-3", "2,-3", "3,-3"]),
        (["Grp 2/3 White", "2x2 towers=4"], WHITE, ["-1,-3", "0,-3"]),
        (["Grp 3/3 White", "4x2 towers=8"], WHITE, ["3,-1", "3,-2", "4,-1", "4,-3"]),
    ]
    stones = sorted(position["stones"]) + ["4,-3"]
    towers = ["0,-4", "1,-4", "2,-4", "3,-4", "4,-4", "4,-2"]
    for lines, colour, cells in expected:
        d.press("TURN")
        lit = d.lit()
        assert d.lines()[4:] == lines
        assert with_effect(lit, PULSE) == cells and all(lit[c] == [colour, PULSE] for c in cells)
        assert sorted(c for c in lit if lit[c] == [DIM, STEADY]) == sorted(c for c in stones if c not in cells)
        assert sorted(c for c in lit if lit[c] == [YELLOW, STEADY]) == sorted(towers)
    out["groups"] = [e[0] for e in expected]
    d.press("2,-2")  # any cell steps on too
    assert d.lines()[4:] == ["White wins", "by largest group", "TURN: groups"]
    assert with_effect(d.lit(), PULSE) == []
    # UNDO after the end: the game goes on, the stone comes off again
    d.press("UNDO")
    assert d.lines()[0] == "White: set stone" and d.lit()["4,-3"] == [WHITE, FAST]
    return out


def full_game_by_presses(seed=5):
    """A whole seeded game by presses; the log on flash is the game, the end as replayed."""
    from companion.core.rng import Rng
    from companion.core.log import replay

    from .common import game, load_layout
    from .rukuni_scenarios import stone_hints, reference_moves

    d = start("fw-rukuni-full")
    g = game(HEADER)  # the same game alongside, to choose legal presses
    rng = Rng(seed)
    presses = 0
    events = []
    while not g.over():
        s = g.state()
        if s["phase"] == "move":
            moves = reference_moves(s)
            a, b = moves[rng.below(len(moves))]
            e = move(a, b)
            d.presses([a, b])
            presses += 2
        else:
            cells = stone_hints(g)
            e = {"op": "set", "at": cells[rng.below(len(cells))]}
            d.press(e["at"])
            presses += 1
        g.apply(e)
        events.append(e)
    end = g.state()
    assert d.log() == [HEADER] + events
    assert replay(d.log_lines(), load_layout).state() == end
    assert d.app.game.state() == end
    w = end["winner"]
    assert d.lines()[0] == "Game over"
    assert d.lines()[2:4] == ["White %4d %4d" % (end["score"]["white"], end["supply"]["white"]),
                              "Black %4d %4d" % (end["score"]["black"], end["supply"]["black"])]
    assert d.lines()[4] == ("Draw" if w == "draw" else w[0].upper() + w[1:] + " wins")
    return {"presses": presses, "events": len(d.log()) - 1, "end": end}


def run_all():
    return {"turn": turn_by_presses(), "game_over": game_over_by_presses(),
            "full_game": full_game_by_presses()}
