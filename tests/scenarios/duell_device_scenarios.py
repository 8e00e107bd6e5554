"""Duell der Schamanen on the simulated device: presses in, log, LEDs and display out."""

from companion.hal.frame import PLAYER, RED, YELLOW, DIM, STEADY, BLINK, FAST, PULSE, FLASH
from companion.ui.duell import UI

from .device import Device, fresh_dir
from .duell_scenarios import BASIC, MEMORY, B, W, mask, swap

BISON = PLAYER
WOLF = PLAYER + 1


class Duel(Device):
    """The simulated device with the duel board, its elements pressed by name."""

    def __init__(self, name, now=0):
        Device.__init__(self, fresh_dir(name), layout="duell", now=now)
        for e in self.layout["sites"]:  # (a site's own name, a mask's and their LEDs: Device's)
            self.buttons["key %d" % e["key"]] = e["button"]

    def start(self, variant=0, time=0):
        """Menu: Variant (basic, memory, profi), Time (15, 10, 20 min, off), New game."""
        self.open_menu().presses(["TURN"] * variant + ["MENU"] + ["TURN"] * time + ["MENU", "MENU", "TURN"])
        return self

    def put_keypad(self, e):
        self.presses([e["at"], "key %d" % e["value"]])

    def put_hood(self, e):
        v = e["value"] - 1
        hood = e["player"] + " mask "
        self.presses([e["at"], hood + str(v // 3), hood + str(v % 3)])

    def mask(self, player, choice):
        return self.press("%s mask %d" % (player, choice))

    def top(self, n=5):
        return self.lines()[:n]


def basic_game():
    """The game of tests/logs/duell_basic.jsonl, by presses."""
    d = Duel("duell-basic").start()
    assert d.log()[0] == {"game": "duell", "layout": "duell", "variants": [], "minutes": 15}
    assert d.top() == ["Bison places 1", "Migis B 9  W 9", "press a site", "", "Time 15:00"]
    lit = d.lit()
    assert lit["0,0"] == [DIM, PULSE] and len(lit) == 9  # every site invites Bison
    d.press("1,1")
    assert d.top()[2] == "1,1 B: key 1-9"
    assert d.lit()["1,1"] == [YELLOW, BLINK] and d.lit()["0,0"] == [DIM, PULSE]
    d.press("TURN")  # cancels
    assert d.top()[2] == "press a site"
    for e in BASIC[:3]:
        d.put_keypad(e)
    lit = d.lit()
    assert lit["0,0 bison"] == [BISON, STEADY] and lit["0,1 wolf"] == [WOLF, STEADY]
    assert "0,0" not in lit and "0,1 bison" not in lit
    refusals = []
    d.press("0,0")  # Bison is there already
    refusals.append(d.app.message)
    d.presses(["0,1", "key 3"])  # Wolf's 3 is there
    refusals.append(d.app.message)
    assert d.lit()["0,2"] == [RED, FLASH]  # the key pressed
    d.press("bison mask 0")
    refusals.append(d.app.message)
    assert refusals == [["0,0 already", "holds a bison", "stone"],
                        ["0,1 holds wolf's", "3: the two", "stones on a site", "must differ"],
                        ["the duels start", "when all 18", "stones are", "placed (15 to", "go)"]]
    for e in BASIC[3:]:
        d.put_keypad(e)
    assert d.top() == ["Duel 1", "Migis B 9  W 9", "Masks B:- W:-", "", "Time 14:57"]
    d.press("1,1")
    refusals.append(d.app.message)
    d.mask(W, 2)
    assert d.top()[2] == "Masks B:- W:ok"
    d.mask(B, 2)
    assert d.top() == ["Bison may swap", "Migis B17  W 1", "2 sites / TURN", "2,2 9:1 B+8", "Time 14:57"]
    assert d.lit()["2,2"] == [BISON, STEADY]
    d.press("0,0")
    assert d.top()[2] == "0,0 B: 2nd site"
    d.press("0,1")  # Bison's 2 would meet Wolf's 2 on 0,0
    refusals.append(d.app.message)
    d.presses(["0,0", "1,1"])
    assert d.top()[:4] == ["Duel 2", "Migis B17  W 1", "Masks B:- W:-", "2,2 9:1 B+8"]
    d.press("UNDO")  # the swap is taken back: its two sites blink until TURN
    lit = d.lit()
    assert lit["0,0"] == lit["1,1"] == [YELLOW, FAST] and d.top()[2] == "Undone: fix/TURN"
    assert d.top()[0] == "Bison may swap"
    d.press("TURN")
    assert "0,0" not in d.lit() and d.top()[2] == "2 sites / TURN"
    d.presses(["0,0", "1,1"])
    d.presses(["bison mask 1", "wolf mask 1", "TURN", "wolf mask 0", "bison mask 0", "TURN"])
    assert d.top()[:4] == ["Duel 4", "Migis B15  W 3", "Masks B:- W:-", "0,0 5:2 B+3"]
    d.presses(["bison mask 2", "wolf mask 2"])
    assert d.top() == ["Game over", "Migis B18  W 0", "Bison wins", "2,2 9:1 B+3", "Time 14:56"]
    d.press("1,1")
    refusals.append(d.app.message)
    assert refusals[3:] == [["duel: each", "player presses a", "mask key under", "their hood"],
                            ["after this swap", "0,0 would hold", "two 2s: the", "values on a site",
                             "must differ"],
                            ["the game is", "over: MENU", "starts a new one"]]
    assert d.log()[1:] == BASIC + [mask(W, 2), mask(B, 2), swap("0,0", "1,1", B), {"op": "undo"},
                                   {"op": "tidy"}, swap("0,0", "1,1", B), mask(B, 1), mask(W, 1),
                                   {"op": "pass"}, mask(W, 0), mask(B, 0), {"op": "pass"}, mask(B, 2), mask(W, 2)]
    return {"refusals": refusals, "end": d.lines()}


def memory_game():
    """Values go in on the hooded mask keys; the display never shows one but in a duel."""
    d = Duel("duell-memory").start(variant=1, time=3)
    assert d.log()[0] == {"game": "duell", "layout": "duell", "variants": ["memory"]}
    seen = []
    d.press("0,0")
    seen.append(d.top())
    d.press("bison mask 0")
    seen.append(d.top())
    d.press("wolf mask 1")
    refusal = [d.app.message]
    d.press("1,1")
    refusal.append(d.app.message)
    d.press("bison mask 0")  # value 1
    seen.append(d.top())
    for e in MEMORY[1:]:
        d.put_hood(e)
    assert seen == [["Bison places 1", "Migis B 9  W 9", "0,0 B: hood key", "", "Time: no limit"],
                    ["Bison places 1", "Migis B 9  W 9", "0,0 B: 2nd key", "", "Time: no limit"],
                    ["Wolf places 2", "Migis B 9  W 9", "press a site", "", "Time: no limit"]]
    assert refusal == [["Bison: the value", "goes in on your", "own mask keys"],
                       ["enter the value", "on your mask", "keys (TURN:", "cancel)"]]
    lit = d.lit()
    assert lit["1,1 bison"] == [BISON, STEADY] and lit["1,1 wolf"] == [WOLF, STEADY] and len(lit) == 18
    d.presses(["bison mask 1", "wolf mask 1"])  # 1,1: 5 against 5
    duel = d.top()
    assert duel[:4] == ["Bison may swap", "Migis B 9  W 9", "2 sites / TURN", "1,1 5:5 draw"]
    assert d.lit()["1,1"] == [YELLOW, STEADY]
    d.presses(["1,1", "2,2"])  # a blind swap; the duel's values go face down
    assert d.top()[:4] == ["Duel 2", "Migis B 9  W 9", "Masks B:- W:-", "1,1 draw"]
    d.press("TURN", long=True)  # the players agree the time is up
    assert d.top()[:3] == ["Game over", "Migis B 9  W 9", "Draw: time"]
    assert d.log()[1:] == MEMORY + [mask(B, 1), mask(W, 1), swap("1,1", "2,2", B), {"op": "time_up"}]
    return {"seen": seen, "refusal": refusal, "duel": duel, "end": d.lines()}


def profi_game():
    """Long presses: a site for the other colour; a second site to move there."""
    d = Duel("duell-profi").start(variant=2)
    stones = [(B, k, k + 1) for k in range(9)] + [(W, k, (k + 1) % 9 + 1) for k in range(9)]
    for i in range(18):
        colour, k, value = stones[i]
        actor = d.app.game.active()
        d.press("%d,%d" % (k // 3, k % 3), long=(colour != ("bison", "wolf")[actor]))
        d.press("key %d" % value)
    assert d.log()[2] == {"op": "put", "player": B, "at": "0,1", "value": 2}  # placed by Wolf
    d.presses(["bison mask 2", "wolf mask 2"])  # 2,2: Bison 9 beats Wolf 1
    d.press("2,1", long=True)  # Bison takes Wolf's 9 there ...
    assert d.top()[2] == "2,1 W: 2nd site"
    d.press("2,2", long=True)  # ... and moves it onto 2,2
    lit = d.lit()
    assert "2,1 wolf" not in lit and lit["2,2 wolf"] == [WOLF, STEADY]
    d.presses(["bison mask 2", "wolf mask 2"])  # 9 against 1 + 9
    duel = d.top()
    assert duel[:4] == ["Wolf may swap", "Migis B16  W 2", "2 sites / TURN", "2,2 9:10 W+1"]
    d.press("0,0", long=True)
    d.press("0,1")  # Wolf swaps two Bison stones
    assert d.log()[-1] == swap("0,0", "0,1", B)
    assert d.log()[-4] == {"op": "move", "player": W, "from": "2,1", "to": "2,2"}
    d.press("TURN", long=True)
    assert d.top()[:3] == ["Game over", "Migis B16  W 2", "Bison wins: time"]
    return {"duel": duel, "log": d.log()[19:]}


def clock():
    """The UI's clock: tick(now_ms) from the run loop; time_up once the limit is reached."""
    d = Duel("duell-clock").start(time=1)  # 10 minutes
    ui = UI(d.app.game, d.layout)  # a UI of its own: the run loop already ticks the app's
    out = [ui.tick(5000), ui.lines()[4], ui.tick(5000 + 10 * 60000 - 1001), ui.lines()[4],
           ui.tick(5000 + 10 * 60000)]
    assert out == [None, "Time 10:00", None, "Time  0:02", {"op": "time_up"}]
    return out


def clock_from_any_time():
    """A board booted at any reading of its clock (the page boots a game
    after it has been open for minutes; ticks_ms wraps at 2**30 ms, 12.4
    days): the game's clock starts at the boot, and runs on across the wrap."""
    out = []
    for now in (20 * 60000, (1 << 30) - 3000):
        d = Duel("duell-any-time", now)  # a fresh board: basic, 15 minutes
        shown = [d.top()[4]]
        d.put_keypad(BASIC[0])
        d.wait(6000 - 2 * (40 + 40))  # 6 s after the boot, its wrap passed
        shown.append(d.top()[4])
        out.append([shown, d.log()[-1]["op"]])
    assert out[0] == out[1] == [["Time 15:00", "Time 14:54"], "put"], out
    return out


def undo_while_placing():
    """An UNDO while the stones go on: the site whose stone is to come off
    flashes yellow (its to-do) where the sites free to place pulse dim; the
    press there says it is off (a press on a site sets the to-do back first),
    and the invitation comes back."""
    d = Duel("duell-undo").start()
    d.put_keypad(BASIC[0])
    at = BASIC[0]["at"]
    placed = d.lit()[at + " bison"]
    d.press("UNDO")
    out = {"placed": placed, "undone": [d.lit()[at], d.lit()["2,2"]]}
    d.press(at)
    out["set back"] = [d.lit()[at], at + " bison" in d.lit()]
    out["log"] = d.log()[-2:]
    return out


def run_all():
    return {"basic": basic_game(), "memory": memory_game(), "profi": profi_game(), "clock": clock(),
            "any time": clock_from_any_time(), "undo": undo_while_placing()}
