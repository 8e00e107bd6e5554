"""A game clock driven by the run loop (the UI's tick hook), with Duell:
time_up arrives through the app's apply path and lands in the log, a replay
agrees, and after a power cut the clock goes on from the time left at the
last logged event. Kahuna (no tick) is left alone."""

from companion.core import log

from .common import load_layout
from .device import Device, fresh_dir
from .duell_device_scenarios import Duel, BASIC, B, W, mask

MINUTE = 60000


def idle(d, ms, every=500):
    """Let time pass with nothing pressed: the run loop stepped every `every` ms."""
    end = d.t + ms
    while d.t < end:
        d.t = min(end, d.t + every)
        d.loop.step(d.t)
    d.loop.step(d.t)  # (a step that logged an event, a tick's time_up, shows its text in the next)


def clock_line(left_ms):
    s = (left_ms + 999) // 1000
    return "Time %2d:%02d" % (s // 60, s % 60)


def replayed(d):
    g = log.replay(d.log_lines(), load_layout)
    return {"winner": g.state()["winner"], "ended_by": g.state()["ended_by"]}


def time_up():
    """A 10-minute game ends by time through the run loop, after Bison won a duel."""
    d = Duel("clock-time-up").start(time=1)  # Time: 10 min
    start = d.app.ui.start  # the clock started with the run loop's first tick of the new game
    assert start is not None and start <= d.t
    for e in BASIC:
        d.put_keypad(e)
    d.presses(["wolf mask 2", "bison mask 2"])  # 2,2: Bison's 9 beats Wolf's 1, B17 W1
    end = start + 10 * MINUTE
    idle(d, end - 1500 - d.t)  # 1.5 s before the end: still playing
    before = d.top()
    assert before[:3] == ["Bison may swap", "Migis B17  W 1", "2 sites / TURN"]
    assert before[4] in (clock_line(1500), clock_line(2500))  # ticked within the last second
    assert d.log()[-1] == mask(B, 2)
    idle(d, 2000)  # the end passes: the next tick (at most 1 s late) sends time_up
    after = d.top()
    assert after[:3] == ["Game over", "Migis B17  W 1", "Bison wins: time"] and after[4] == "Time  0:00"
    events = d.log()[1:]
    assert events == BASIC + [mask(W, 2), mask(B, 2), {"op": "time_up"}]
    state = d.app.game.state()
    assert replayed(d) == {"winner": state["winner"], "ended_by": state["ended_by"]} \
        == {"winner": "bison", "ended_by": "time"}
    idle(d, 5000)  # over: no second time_up
    assert len(d.log()) == len(events) + 1
    return {"before": before, "after": after, "replay": replayed(d)}


def power_cut():
    """The clock resumes from the time left at the last logged event."""
    d = Duel("clock-cut").start(time=1)  # Time: 10 min
    for e in BASIC[:3]:
        d.put_keypad(e)
    idle(d, 3 * MINUTE)
    d.put_keypad(BASIC[3])  # logged: the clock's time left is saved with it
    saved = d.top()[4]
    assert saved == clock_line(d.app.ui.left_ms)
    idle(d, MINUTE)  # a minute goes by, nothing logged ... then the power goes
    ran_on = d.top()[4]
    again = Device(d.root, layout="duell")  # boots from the log on flash, its clock from 0
    resumed = again.lines()[4]
    assert resumed == saved and ran_on != saved
    left = again.app.ui.left_ms
    idle(again, left - 1000)
    assert not again.app.game.over()
    idle(again, 2000)
    assert again.lines()[:3] == ["Game over", "Migis B 9  W 9", "Draw: time"]
    assert again.log()[-1] == {"op": "time_up"} and again.log()[1:-1] == BASIC[:4]
    return {"saved": saved, "ran on": ran_on, "resumed": resumed, "replay": replayed(again)}


def without_tick():
    """Kahuna's UI has no tick: the run loop never calls the app's clock."""
    d = Device(fresh_dir("clock-kahuna"))
    d.new_game(first="white")
    assert d.app.ticker is None
    version = d.app.version
    idle(d, 5000, every=2)
    assert d.app.version == version
    return version


def run_all():
    return {"time up": time_up(), "power cut": power_cut(), "without tick": without_tick()}
