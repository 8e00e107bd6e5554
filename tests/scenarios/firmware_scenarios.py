"""The firmware on the simulated HAL: presses in, LED frames and display text out.

Runs under CPython and MicroPython alike (tests/test_both_interpreters.py);
the asserts check exact expected frames, lines and states.
"""

import json

from companion.app import page
from companion.core import log
from companion.core.rng import Rng
from companion.hal.frame import PLAYER, RED, STEADY, BLINK, FAST, PULSE, FLASH
from companion.hal.buttons import Buttons, DOWN, LONG, UP
from companion.hal.sim import SimScanner
from companion.store.log_store import Store

from .common import ev, load_layout, saved_log
from .device import Device, fresh_dir
from .kahuna_scenarios import SETUP

WHITE = PLAYER
BLACK = PLAYER + 1


HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"}


def worked_example_log():
    """tests/logs/worked_example.jsonl, as objects."""
    return [HEADER] + SETUP + [ev("place", "BARI-DUDA"), ev("place", "ALOA-BARI"), ev("end_turn"),
                               ev("remove", "ELAI-HUNA"), ev("place", "ELAI-HUNA"), ev("end_turn")]


def setup_presses():
    """SETUP's events as presses: a place is a press of the connection."""
    out = []
    for e in SETUP:
        out.append(e["at"] if e["op"] == "place" else "TURN")
    return out


def worked_example():
    d = Device(fresh_dir("fw-worked"))
    # a fresh board plays at once (first player by lot); the menu starts another game
    assert not d.app.menu_open and d.lines()[0] == "Black to play" and d.lines()[4] == "Round 1 of 3"
    assert page.describe(d.app, d.buttons["ALOA-BARI"]) == "ALOA-BARI: empty"
    d.new_game(first="black")
    assert d.log()[0] == HEADER
    d.presses(setup_presses())
    assert d.lines()[:4] == ["White to play", "     stn stk pts", "White  1   6   0", "Black  2   7   0"]
    out = []
    # White 1) BARI-DUDA: a stone to put on BARI; black's ALOA-BARI and ALOA stone to take off.
    d.press("BARI-DUDA")
    lit = d.lit()
    assert lit["BARI-DUDA"] == [WHITE, STEADY]
    assert lit["BARI"] == [WHITE, BLINK]
    assert lit["ALOA-BARI"] == [BLACK, FAST] and lit["ALOA"] == [BLACK, FAST]
    # the to-do named in the two rows below the last move (the rest counted)
    assert d.lines() == ["White to play", "     stn stk pts", "White  2   7   0", "Black  1   6   0",
                         "Round 1 of 3", "W won BARI", "Off ALOA-BARI", "+2 more"]
    assert page.status(d.app)["last"] == "White put a stick on BARI-DUDA; took BARI; Black's ALOA-BARI, ALOA come off"
    assert page.describe(d.app, d.buttons["ALOA-BARI"]) == "ALOA-BARI: black stick, take off"
    assert page.describe(d.app, d.buttons["BARI"]) == "BARI: put a white stone on"
    assert page.describe(d.app, d.buttons["BARI-DUDA"]) == "BARI-DUDA: white stick"
    out.append({"lines": d.lines(), "lit": lit})
    d.press("ALOA-BARI")  # done: confirmed, and named no more
    assert d.lines()[4:] == ["Round 1 of 3", "W won BARI", "Off stone ALOA", "On stone BARI"]
    # a confirmation is not a move: the last move stays; the element reads the board image
    assert page.status(d.app)["last"] == "White put a stick on BARI-DUDA; took BARI; Black's ALOA-BARI, ALOA come off"
    assert page.describe(d.app, d.buttons["ALOA-BARI"]) == "ALOA-BARI: empty"
    d.press("ALOA")
    assert d.lines()[5:] == ["W won BARI", "On stone BARI", "press when done"]
    d.press("BARI")
    assert d.log()[-3:] == [ev("took_off", "ALOA-BARI"), ev("took_off", "ALOA"), ev("put_on", "BARI")]
    assert "ALOA-BARI" not in d.lit() and d.lit()["BARI"] == [WHITE, STEADY]
    # White 2) ALOA-BARI: stone on ALOA; black's ALOA-HUNA and the HUNA stone go.
    d.press("ALOA-BARI")
    lit = d.lit()
    assert lit["ALOA"] == [WHITE, BLINK] and lit["ALOA-HUNA"] == [BLACK, FAST] and lit["HUNA"] == [BLACK, FAST]
    out.append({"lines": d.lines(), "lit": lit})
    d.press("TURN")  # TURN: the board is tidy, the turn ends
    assert [v[1] for v in d.lit().values()] == [STEADY] * len(d.lit())
    # Black 1) removes white's ELAI-HUNA; 2) places it black.
    d.press("ELAI-HUNA")
    assert "ELAI-HUNA" not in d.lit()
    d.press("ELAI-HUNA")
    lit = d.lit()
    assert lit["ELAI-HUNA"] == [BLACK, STEADY]
    assert lit["ELAI"] == [BLACK, BLINK] and lit["HUNA"] == [BLACK, BLINK]
    for name in ("DUDA-HUNA", "DUDA-ELAI", "BARI-ELAI", "DUDA"):
        assert lit[name] == [WHITE, FAST], name
    assert d.lines()[2:] == ["White  2   4   0", "Black  2   6   0", "Round 1 of 3", "B won ELAI HUNA",
                             "Off BARI-ELAI", "+5 more"]
    assert page.status(d.app)["last"] == ("Black put a stick on ELAI-HUNA; took ELAI, HUNA; "
                                      "White's BARI-ELAI, DUDA-ELAI, DUDA-HUNA, DUDA come off")
    out.append({"lines": d.lines(), "lit": lit})
    d.press("TURN")
    # the log on flash is the rule sheets' worked example, event for event,
    # with the three confirmations of White's first turn
    assert [e for e in d.log() if e.get("op") not in ("took_off", "put_on")] == worked_example_log()
    out.append({"log": len(d.log())})
    return out


def full_game():
    """A whole game by presses, with a refusal, an undo and the scorings, to the winner."""
    root = fresh_dir("fw-full")
    d = Device(root)
    d.new_game(first="white")
    out = {}
    d.presses(["ALOA-BARI", "ALOA-DUDA", "ALOA"])
    assert d.lit()["ALOA"] == [WHITE, STEADY]
    d.presses(["TURN", "KAHU-LALE", "TURN"])
    d.press("TURN", long=True)  # white took the last card: 1st scoring
    assert d.lines() == ["Black to play", "     stn stk pts", "White  1   2   1", "Black  0   1   0",
                         "Round 2 of 3", "Scoring 1: White"], d.lines()
    status = page.status(d.app)
    assert [status["turn"], status["score"], status["last"]] == [
        "Black to play", "White 1 – Black 0, round 2", "Scoring 1 won by White; White 1 – Black 0"]
    out["scoring1"] = d.lines()
    d.presses(["ALOA-BARI", "HUNA-LALE"])
    assert d.lit()["ALOA"] == [WHITE, FAST] and d.lit()["LALE"] == [BLACK, BLINK]
    # an illegal press: black's own stick flashes red, the display says why, nothing changes
    events = len(d.log_lines())
    d.loop.buttons.scanner.press(d.buttons["KAHU-LALE"])
    d.wait(40)
    d.loop.buttons.scanner.release(d.buttons["KAHU-LALE"])
    d.wait(40)
    assert d.lit()["KAHU-LALE"] == [RED, FLASH]
    # the refusal below the score (the whole text for the simulator's page)
    assert d.lines()[:4] == ["Black to play", "     stn stk pts", "White  0   1   1", "Black  1   2   0"]
    assert d.lines()[4:] == ["KAHU-LALE is", "black's own", "stick: remove", "one of white's"]  # every word
    assert page.status(d.app)["message"] == "KAHU-LALE is black's own stick: remove one of white's"
    out["refusal"] = d.lines()
    d.wait(800)  # the flash ends, the message stays until the next press
    assert d.lit()["KAHU-LALE"] == [BLACK, STEADY] and len(d.log_lines()) == events
    # UNDO takes back HUNA-LALE: its stick blinks to come off; pressing it says done
    d.press("UNDO")
    assert d.log()[-1] == {"op": "undo"}
    assert d.lit()["HUNA-LALE"] == [BLACK, FAST] and "LALE" not in d.lit()
    d.presses(["HUNA-LALE", "HUNA-LALE"])  # confirm it is off, then place it again
    assert d.lit()["HUNA-LALE"] == [BLACK, STEADY] and d.lit()["LALE"] == [BLACK, BLINK]
    d.press("TURN")
    d.press("TURN", long=True)  # white ends round 2: black has more stones
    assert d.lines()[4:6] == ["Round 3 of 3", "Scoring 2: Black"]
    d.press("TURN", long=True)  # black ends round 3: the two final turns
    assert d.lines()[0] == "White: last turn" and d.lines()[4:6] == ["Last turns", "Round 3 over"]
    d.presses(["COCO-GOLA", "COCO-KAHU", "COCO-FAAA", "TURN"])
    assert d.lines()[0] == "Black: last turn"
    d.press("TURN")
    final = d.lines()
    assert final == ["Game over", "     stn stk pts", "White  1   4   1", "Black  1   2   2",
                     "Black wins", "on points"], final
    assert page.status(d.app)["score"] == "White 1 – Black 2, game over: Black wins"
    out["final"] = final
    d.press("ALOA-HUNA")
    assert d.lines()[4:] == ["the game is", "over: start a", "new game from", "the menu"], d.lines()
    # a reset: the game comes back from the log, exactly as it was
    again = Device(root)
    assert again.lines() == final and not again.app.menu_open
    out["restored"] = again.lines()
    return out


def tie_breaks():
    """No scoring differs: more sticks decides; then the same with equal sticks: a draw."""
    out = []
    for extra, winner in ((["ELAI-JOJO"], "White wins"), ([], "Draw")):
        d = Device(fresh_dir("fw-tie"))
        d.new_game(first="white")
        d.presses(["ALOA-BARI"] + extra + ["TURN", "KAHU-LALE", "TURN!", "TURN!", "TURN!", "TURN", "TURN"])
        lines = d.lines()
        assert lines[0] == "Game over", lines
        assert lines[4:] == [winner, "tie: more sticks" if extra else "tied all through"], lines
        out.append(lines)
    return out


def variant1_hint():
    d = Device(fresh_dir("fw-v1"))
    d.new_game(first="white", variant1=True)
    assert d.log()[0]["variants"] == ["variant1"]
    d.presses(["ALOA-BARI", "TURN", "ALOA-BARI"])  # black removes white's stick
    assert d.lit()["ALOA-BARI"] == [BLACK, PULSE]  # the free re-placement is invited
    assert "V1: free stick?" in d.lines()
    d.press("ALOA-BARI")
    assert d.lit()["ALOA-BARI"] == [BLACK, STEADY]
    return d.log()


def handicap():
    d = Device(fresh_dir("fw-handicap"))
    d.new_game(first="black", handicap="white")
    assert d.log()[0]["handicap"] == "white" and d.log()[0]["variants"] == ["handicap"]
    titles = [d.lines()[0]]
    d.presses(["ALOA-BARI", "KAHU-LALE", "HUNA-IFFI", "GOLA-JOJO"])  # the 4th is refused
    assert d.lit()["GOLA-JOJO"] == [RED, FLASH] and len(d.log()) == 4
    d.press("TURN")
    titles.append(d.lines()[0])
    return titles


def lot_and_menu():
    d = Device(fresh_dir("fw-lot"), seed=99)
    d.new_game()  # first: lot
    header = d.log()[0]
    assert header == {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "lot", "seed": 99}
    first = d.lines()[0]
    d.press("MENU")
    assert d.lines()[1] == ">First       lot"
    d.presses(["MENU"] * 7 + ["TURN"])  # Brightness 3 -> 4
    assert d.app.brightness == 150
    d.press("UNDO")  # leaves the menu
    assert d.lines()[0] == first
    return [header, first]


# --- buttons -----------------------------------------------------------------

def chatter(scan_ms, seed, presses=60):
    """Presses held 30 ms (bounces of up to 10 ms at both edges), and bare
    bursts of bounce: exactly one DOWN and one UP per press, at most one
    press per burst."""
    rng = Rng(seed)
    scanner = SimScanner(8)
    b = Buttons(scanner)
    t = 0
    got = []
    wanted = []
    bursts = 0
    for k in range(presses):
        code = rng.below(8)
        burst = rng.below(4) == 0
        b1 = rng.below(11)
        b2 = rng.below(11)
        glitch = 1 + rng.below(10)
        t0 = t + 60
        end = t0 + 30 + b2 + 60
        if burst:
            bursts += 1
        else:
            wanted.append(code)
        before = len(got)
        while t < end:
            t += 1
            if burst:
                level = rng.below(2) if t0 <= t < t0 + glitch else 0
            elif t < t0:
                level = 0
            elif t < t0 + b1:
                level = rng.below(2)
            elif t < t0 + 30:
                level = 1
            elif t < t0 + 30 + b2:
                level = rng.below(2)
            else:
                level = 0
            scanner.state[code] = level
            if t % scan_ms == 0:
                b.scan(t)
                e = b.get()
                while e >= 0:
                    got.append(e)
                    e = b.get()
        mine = got[before:]
        kinds = [e & 3 for e in mine]
        assert kinds in ([], [DOWN, UP]) if burst else kinds == [DOWN, UP], \
            "scan %d ms, press %d: %r" % (scan_ms, k, kinds)
        assert all(e >> 2 == code for e in mine)
    return {"presses": len(wanted), "bursts": bursts, "events": len(got)}


def two_and_long():
    scanner = SimScanner(64)
    b = Buttons(scanner)
    got = []
    t = 0

    def hold(codes, ms):
        t_ = t
        for c in codes:
            scanner.press(c)
        for i in range(ms // 2):
            t_ += 2
            b.scan(t_)
        for c in codes:
            scanner.release(c)
        for i in range(20):
            t_ += 2
            b.scan(t_)
        e = b.get()
        while e >= 0:
            got.append([e >> 2, e & 3])
            e = b.get()
        return t_

    t = hold([40, 3], 40)  # pressed together: lower code first
    t = hold([56], 900)  # a long press: LONG while held, nothing at release
    t = hold([56], 100)
    assert got == [[3, DOWN], [40, DOWN], [3, UP], [40, UP], [56, DOWN], [56, LONG], [56, UP],
                   [56, DOWN], [56, UP]], got
    return got


# --- power cut -----------------------------------------------------------------

def loaded(root):
    """The saved game's complete lines as text, or None."""
    lines = Store(root).read()
    return [l.decode() for l in lines] if lines else None


def power_cut():
    """Cut the last write at every byte: the log recovers to before or after it."""
    lines = [log.dump(e) for e in worked_example_log()]
    layout = load_layout("kahuna")
    states = []
    for k in range(1, len(lines) + 1):
        states.append(log.replay(lines[:k], lambda name: layout).state())
    root = fresh_dir("fw-cut")
    path = root + "/current.jsonl"
    before = after = nothing = 0
    for k in range(len(lines)):
        done = "".join(l + "\n" for l in lines[:k])
        write = lines[k] + "\n"
        for cut in range(len(write) + 1):
            with open(path, "w") as f:
                f.write(done + write[:cut])
            got = loaded(root)
            if got is None:
                assert k == 0
                nothing += 1
                continue
            state = log.replay(got, lambda name: layout).state()
            if state == states[k]:
                after += 1
            else:
                assert k > 0 and state == states[k - 1], "cut at byte %d of line %d" % (cut, k + 1)
                before += 1
            if cut == len(write) // 2:  # the repaired file takes the next event cleanly
                Store(root).append({"op": "end_turn"})
                again = loaded(root)
                assert again[:-1] == got and json.loads(again[-1]) == {"op": "end_turn"}
    assert after == len(lines)
    # the device itself boots from a cut log
    with open(path, "w") as f:
        f.write("".join(l + "\n" for l in lines[:-1]) + lines[-1][:9])
    d = Device(root)
    assert d.app.game.state() == states[-2] and not d.app.menu_open
    return {"before": before, "after": after, "no_game": nothing}


def archive():
    root = fresh_dir("fw-archive")
    s = Store(root, keep=3)
    for g in range(5):
        s.begin({"game": "kahuna", "n": g})
        s.append({"op": "end_turn"})
    s.archive()
    names = s.finished()
    assert names == ["game-0003", "game-0004", "game-0005"], names
    text = saved_log(root, names[0]).decode()
    assert [json.loads(l) for l in text.split("\n") if l] == [{"game": "kahuna", "n": 2}, {"op": "end_turn"}]
    return names


def heard(d, name, long=False):
    """Press a button; the buzzer's (hz, duty) states, scan by scan, until it is quiet."""
    pwm = d.loop.buzzer.pwm
    out = []
    code = d.buttons[name]
    d.loop.buttons.scanner.press(code)
    for ms in (900 if long else 40, 800):
        end = d.t + ms
        while d.t < end:
            d.t += 2
            d.loop.step(d.t)
            if not out or out[-1] != [pwm.hz, pwm.duty]:
                out.append([pwm.hz, pwm.duty])
        d.loop.buttons.scanner.release(code)
    return out[1:]  # from the first change on


def sound():
    """Distinct tones for accepted, refused, a majority won, a scoring and the
    game's end; Sound off in the menu silences them; Sound and Volume are kept
    across a reset."""
    root = fresh_dir("fw-sound")
    d = Device(root)
    out = {"settings": [d.app.sound, d.app.volume]}
    out["accepted"] = heard(d, "ALOA-BARI")
    out["refused"] = heard(d, "ALOA")
    out["majority"] = heard(d, "ALOA-DUDA")
    d.presses(["TURN", "KAHU-LALE", "TURN"])
    out["scored"] = heard(d, "TURN", long=True)
    d.presses(["TURN!", "TURN!", "TURN"])
    out["over"] = heard(d, "TURN")
    d.presses(["MENU"] + ["MENU"] * 11 + ["TURN", "TURN"])  # Volume 2 -> 3 -> 1
    assert d.lines()[-1] == ">Volume        1", d.lines()
    d.presses(["MENU"] * 13 + ["TURN"])  # round to Sound: off (Language and Back follow Volume)
    assert d.app.sound is False and ">Sound       off" in d.lines(), d.lines()
    d.press("UNDO")  # back to the game
    out["off"] = heard(d, "ALOA")
    again = Device(root)
    out["kept"] = [again.app.sound, again.app.settings["volume"]]
    return out


def damaged_settings():
    """settings.json with values the menu cannot give (edited by hand, or
    damaged): each such setting is its default, and the board plays."""
    out = []
    for saved in ('{"brightness": 99, "volume": 7, "calm": 1}', '{"brightness": -3, "volume": 0, "sound": 2}',
                  '{"brightness": 100000000000000000000}', '[1, 2]', '{"brightness": "5"}',
                  '{"lang": 2, "volume": 3}', '{"lang": 3}', '{"lang": "de"}'):
        root = fresh_dir("fw-settings")
        with open(root + "/settings.json", "w") as f:
            f.write(saved)
        d = Device(root)
        d.press("ALOA-BARI")
        out.append([d.app.settings.values, d.log()[-1], d.app.brightness, d.app.volume, d.lines()[0]])
    return out


def run_all():
    return {
        "damaged_settings": damaged_settings(),
        "worked_example": worked_example(),
        "full_game": full_game(),
        "tie_breaks": tie_breaks(),
        "variant1_hint": variant1_hint(),
        "handicap": handicap(),
        "lot_and_menu": lot_and_menu(),
        "chatter": [chatter(1, 1), chatter(2, 2), chatter(2, 3), chatter(5, 4)],
        "two_and_long": two_and_long(),
        "power_cut": power_cut(),
        "archive": archive(),
        "sound": sound(),
    }
